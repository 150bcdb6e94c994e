import { describe, expect, it } from 'vitest'
import { addressRedactor, REDACTED } from './log-address.js'

describe('addressRedactor', () => {
  const redact = addressRedactor([
    /^(\/reset\/[^/]+\/[^/]+\/)[^/?#]+/,
    /^(\/query\/account\/(?:entity|reset)\/[^/]+\/[^/]+\/)[^/?#]+/,
  ])

  it('replaces what a pattern matches beyond its first group', () => {
    expect(redact('/reset/employee/7/AbCdEf123')).toBe(`/reset/employee/7/${REDACTED}`)
    expect(redact('/query/account/reset/employee/7/AbCd?x=1')).toBe(
      `/query/account/reset/employee/7/${REDACTED}?x=1`,
    )
    expect(redact('/query/account/entity/employee/7')).toBe('/query/account/entity/employee/7')
  })

  it('replaces the values of secret-named query parameters, however their names are written', () => {
    expect(redact('/block/employee/7/dev?code=s3cret&x=1')).toBe(
      `/block/employee/7/dev?code=${REDACTED}&x=1`,
    )
    expect(redact('/a?ACCESS_TOKEN=t&%63ode=c&page=2#top')).toBe(
      `/a?ACCESS_TOKEN=${REDACTED}&%63ode=${REDACTED}&page=2#top`,
    )
    expect(redact('/a?%E0=1&flag&code=')).toBe(`/a?%E0=1&flag&code=${REDACTED}`)
  })

  it('leaves ordinary addresses as they are', () => {
    for (const url of ['/', '/query/data/list/webpage?pagesize=10&nextpage=abc', '/reset'])
      expect(redact(url)).toBe(url)
    expect(addressRedactor([])('/x?y=1')).toBe('/x?y=1')
  })
})
