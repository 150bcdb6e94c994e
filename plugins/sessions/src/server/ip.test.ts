import { describe, expect, it } from 'vitest'
import { isPrivateIp, storedIp } from './ip.js'

describe('storedIp', () => {
  it('keeps, cuts or drops the address as SESSIONS_IP_PRECISION says', () => {
    expect(storedIp('203.0.113.77', 'full')).toBe('203.0.113.77')
    expect(storedIp('::ffff:203.0.113.77', 'truncated')).toBe('203.0.113.0')
    expect(storedIp('2001:db8:85a3:8d3:1319:8a2e:370:7348', 'truncated')).toBe('2001:db8:85a3::')
    expect(storedIp('2001:db8::1', 'truncated')).toBe('2001:db8:0::')
    expect(storedIp('203.0.113.77', 'none')).toBe('')
    expect(storedIp('not an address', 'full')).toBe('')
  })
})

describe('isPrivateIp', () => {
  it('knows the addresses no location database has', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.0.1', '::1', 'fd00::1'])
      expect(isPrivateIp(ip), ip).toBe(true)
    for (const ip of ['81.2.69.160', '8.8.8.8', '2001:4860:4860::8888'])
      expect(isPrivateIp(ip), ip).toBe(false)
  })
})
