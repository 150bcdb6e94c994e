import { describe, expect, it } from 'vitest'
import { clientKey } from './client-key.js'

describe('clientKey', () => {
  it('counts IPv6 addresses by their /64, and keeps IPv4 as it is', () => {
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:0DB8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9')
  })
})
