/** The cost an argon2 hash was made with, as its PHC string states it. */
export interface Argon2Cost {
  algorithm: 'argon2d' | 'argon2i' | 'argon2id'
  /** 19 for argon2 1.3 (0x13); 16 when the string names no version. */
  version: number
  /** Memory per hash, in KiB. */
  memoryKiB: number
  /** Passes over that memory. */
  iterations: number
  /** Lanes. */
  parallelism: number
}

const PHC = /^\$(argon2(?:d|i|id))(?:\$v=(\d+))?\$([^$]+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/

/**
 * Reads the cost out of a stored hash such as `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`: the
 * parameters a verification of it must repeat, whatever the code that made it says today.
 */
export function parseArgon2Hash(hash: string): Argon2Cost {
  const match = PHC.exec(hash)
  if (!match) throw new Error(`not an argon2 hash in PHC form: ${hash.slice(0, 40)}`)
  const params = new Map(
    match[3]!.split(',').map((pair) => {
      const [key = '', value = ''] = pair.split('=', 2)
      return [key, value] as const
    }),
  )
  const whole = (key: string): number => {
    const text = params.get(key) ?? ''
    if (!/^\d+$/.test(text)) throw new Error(`argon2 hash without a whole ${key}=: ${match[3]}`)
    return Number(text)
  }
  return {
    algorithm: match[1] as Argon2Cost['algorithm'],
    version: match[2] === undefined ? 16 : Number(match[2]),
    memoryKiB: whole('m'),
    iterations: whole('t'),
    parallelism: whole('p'),
  }
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** `argon2id, m=19,456 KiB (19 MiB), t=2, p=1`. */
export function describeArgon2Cost(cost: Argon2Cost): string {
  const mib = cost.memoryKiB / 1024
  const mibText = Number.isInteger(mib) ? String(mib) : mib.toFixed(1)
  return `${cost.algorithm}, m=${grouped.format(cost.memoryKiB)} KiB (${mibText} MiB), t=${cost.iterations}, p=${cost.parallelism}`
}
