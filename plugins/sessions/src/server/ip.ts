import { isIP } from 'node:net'

/** How much of an address is stored (SESSIONS_IP_PRECISION). */
export type IpPrecision = 'full' | 'truncated' | 'none'

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as Node reports IPv4 on a dual-stack socket) as IPv4. */
export function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  return mapped ? mapped[1]! : ip
}

/** Expands an IPv6 address to its eight groups (no `::`), or null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  if (isIP(ip) !== 6 || ip.includes('.')) return null
  const [head = '', tail] = ip.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(zeros).fill('0'), ...right]
}

/**
 * The address as stored: whole, cut to its network (IPv4 /24: `203.0.113.0`; IPv6 /48:
 * `2001:db8:85a3::`), or nothing. Anything that is not an address is stored as ''.
 */
export function storedIp(ip: string, precision: IpPrecision): string {
  const plain = plainIp(ip)
  const version = isIP(plain)
  if (version === 0 || precision === 'none') return ''
  if (precision === 'full') return plain
  if (version === 4) return plain.replace(/\.\d+$/, '.0')
  const groups = ipv6Groups(plain)
  if (!groups) return ''
  return `${groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::`
}

/** True for loopback, private, link-local and other addresses no location database knows. */
export function isPrivateIp(ip: string): boolean {
  const plain = plainIp(ip)
  if (isIP(plain) === 4) {
    const [a = 0, b = 0] = plain.split('.').map(Number)
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    )
  }
  const lower = plain.toLowerCase()
  return (
    lower === '::1' ||
    lower === '::' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe80')
  )
}
