import net from 'node:net'

/**
 * The key rate limits count a client address under. An IPv6 client commonly holds a whole /64
 * (and can pick any address in it), so IPv6 addresses count by their /64; an IPv4 address mapped
 * into IPv6 (`::ffff:203.0.113.9`) counts as the IPv4 address it is.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (net.isIPv6(address)) return `${expand(address).slice(0, 4).join(':')}::/64`
  return address
}

/** The eight groups of an IPv6 address, `::` filled in (zone ids dropped). */
function expand(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...middle, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
}
