import { describe, expect, it } from 'vitest'
import { luhn } from './card-numbers.js'
import { addressRedactor, isSecretKey, logRedactor, REDACTED, redactEntry } from './redact.js'

/** A reset or block code as the account plugin makes them: 32 random bytes in base64url. */
const CODE = 'q3Vb8_xT-0aZkLm2NpQr4StUvWxYz9AbCdEfGhIjKlM'
/** Secret paths as plugins declare them (`secretAddresses`): the account plugin's reset links. */
const PATTERNS = [
  /^(\/reset\/[^/?#]+\/[^/?#]+\/)[^/?#]+/,
  /^(\/query\/account\/(?:entity|reset)\/[^/?#]+\/[^/?#]+\/)[^/?#]+/,
]
const { address, text } = logRedactor(PATTERNS)

describe('secret keys and values', () => {
  it('knows secret keys whatever their case or separators, and leaves others', () => {
    for (const key of [
      'password',
      'newPassword',
      'token',
      'access_token',
      'Authorization',
      'cookie',
      'set-cookie',
      'X-Api-Key',
      'client_secret',
      'code',
      'resetcode',
      'blockCode',
      'sw_session',
      'sid',
      'card-number',
      'cardNumber',
    ])
      expect(isSecretKey(key), key).toBe(true)
    for (const key of ['id', 'url', 'status', 'order', 'errorCode', 'countrycode', 'device', 'key'])
      expect(isSecretKey(key), key).toBe(false)
  })

  it("redacts a secret key's value, but not an error's code nor an empty value", () => {
    expect(redactEntry('password', 'hunter2')).toBe(REDACTED)
    expect(redactEntry('pin', 1234)).toBe(REDACTED)
    expect(redactEntry('headers', { cookie: 'x' })).toEqual({ cookie: 'x' })
    expect(redactEntry('code', CODE)).toBe(REDACTED)
    expect(redactEntry('code', 'ERROR_INTERNAL')).toBe('ERROR_INTERNAL')
    expect(redactEntry('code', 'ECONNRESET')).toBe('ECONNRESET')
    expect(redactEntry('code', 1062)).toBe(1062)
    expect(redactEntry('token', null)).toBeNull()
    expect(redactEntry('order', 'A-17')).toBe('A-17')
  })
})

describe('request addresses (the process log and the site log alike)', () => {
  it('replaces what a declared pattern matches beyond its first group', () => {
    expect(address(`/reset/employee/7/${CODE}`)).toBe(`/reset/employee/7/${REDACTED}`)
    expect(address('/query/account/reset/employee/7/AbCd?x=1')).toBe(
      `/query/account/reset/employee/7/${REDACTED}?x=1`,
    )
    expect(address('/query/account/entity/employee/7')).toBe('/query/account/entity/employee/7')
    expect(addressRedactor(PATTERNS)(`/reset/e/1/${CODE}`)).toBe(`/reset/e/1/${REDACTED}`)
  })

  it('replaces the values of secret-named query parameters, however their names are written', () => {
    expect(address(`/block/employee/7/dev?code=${CODE}&x=1`)).toBe(
      `/block/employee/7/dev?code=${REDACTED}&x=1`,
    )
    expect(address('/a?ACCESS_TOKEN=t&%63ode=c&page=2#top')).toBe(
      `/a?ACCESS_TOKEN=${REDACTED}&%63ode=${REDACTED}&page=2#top`,
    )
    expect(address('/a?%E0=1&flag&code=')).toBe(`/a?%E0=1&flag&code=${REDACTED}`)
    expect(address('/reset?resetcode=abc&card-number=4111&sid=9;x=1')).toBe(
      `/reset?resetcode=${REDACTED}&card-number=${REDACTED}&sid=${REDACTED};x=1`,
    )
  })

  it('replaces card numbers whatever names them, written whole or in groups', () => {
    expect(luhn('4242424242424242')).toBe(true)
    expect(luhn('4242424242424241')).toBe(false)
    expect(address('/pay?number=4242424242424242&n=2')).toBe(`/pay?number=${REDACTED}&n=2`)
    expect(address('/pay?cc=4242+4242+4242+4242')).toBe(`/pay?cc=${REDACTED}`)
    expect(address('/pay?cc=4242%204242%204242%204242')).toBe(`/pay?cc=${REDACTED}`)
    expect(address('/pay/5555-5555-5555-4444/done')).toBe(`/pay/${REDACTED}/done`)
    // Numbers that fail the check, and epoch milliseconds, stay.
    expect(address('/pay?n=4242424242424241&t=1733360000000')).toBe(
      '/pay?n=4242424242424241&t=1733360000000',
    )
  })

  it('leaves ordinary addresses as they are', () => {
    for (const url of ['/', '/query/data/list/webpage?pagesize=10&nextpage=abc', '/reset'])
      expect(address(url)).toBe(url)
    expect(addressRedactor([])('/x?y=1')).toBe('/x?y=1')
  })
})

describe('texts (the site log, and errors in the process log)', () => {
  it('redacts secret query parameters in addresses and name=value texts, keeping the others', () => {
    expect(text(`/block/employee/7/dev1?code=${CODE}&next=%2Faccount`)).toBe(
      `/block/employee/7/dev1?code=${REDACTED}&next=%2Faccount`,
    )
    expect(text('https://shop.example/cb?page=2&access_token=abc.def#state=1')).toBe(
      `https://shop.example/cb?page=2&access_token=${REDACTED}#state=1`,
    )
    expect(text('/x#id_token=abc&Password=p%40ss;sid=9')).toBe(
      `/x#id_token=${REDACTED}&Password=${REDACTED};sid=${REDACTED}`,
    )
    expect(text('login failed for email=a@b.example password=hunter2')).toBe(
      `login failed for email=a@b.example password=${REDACTED}`,
    )
    expect(text('/query/data/list?type=webpage&pagesize=50')).toBe(
      '/query/data/list?type=webpage&pagesize=50',
    )
  })

  it('redacts declared secret paths wherever an address is written in a text', () => {
    expect(text(`POST /query/account/reset/employee/7/${CODE} failed`)).toBe(
      `POST /query/account/reset/employee/7/${REDACTED} failed`,
    )
    expect(text(`/query/account/entity/customer/12/${CODE}?x=1`)).toBe(
      `/query/account/entity/customer/12/${REDACTED}?x=1`,
    )
    expect(text(`see https://shop.example/reset/employee/7/${CODE}, then`)).toBe(
      `see https://shop.example/reset/employee/7/${REDACTED}, then`,
    )
    // Without a code the address names only the account, which the log may say.
    expect(text('/query/account/entity/employee/7')).toBe('/query/account/entity/employee/7')
    // A redactor without the declarations knows no secret path.
    expect(logRedactor([]).text(`/reset/employee/7/${CODE}`)).toBe(`/reset/employee/7/${CODE}`)
  })

  it('redacts JSON members, headers, bearer tokens, URL passwords and card numbers', () => {
    expect(text('Unexpected body {"device":"d1","code":"abc","password":"p\\"w"}')).toBe(
      `Unexpected body {"device":"d1","code":"${REDACTED}","password":"${REDACTED}"}`,
    )
    expect(text('{"ok":false,"code":"ERROR_INTERNAL"}')).toBe(
      '{"ok":false,"code":"ERROR_INTERNAL"}',
    )
    expect(text('Cookie: sw_session=abc; theme=dark\nnext line')).toBe(
      `Cookie: ${REDACTED}\nnext line`,
    )
    expect(text('sent authorization: Basic dXNlcjpwYXNz')).toBe(`sent authorization: ${REDACTED}`)
    expect(text('retrying with Bearer eyJhbGciOi.eyJzdWIi.sig-_= now')).toBe(
      `retrying with Bearer ${REDACTED} now`,
    )
    expect(text('connect mysql://shop:s3cret@db.internal:3306/shop failed')).toBe(
      `connect mysql://shop:${REDACTED}@db.internal:3306/shop failed`,
    )
    expect(text('card 4242 4242 4242 4242 was declined')).toBe(`card ${REDACTED} was declined`)
  })

  it('leaves ordinary texts exactly as written', () => {
    for (const written of [
      'request failed',
      'Error: the probe broke\n    at /work/plugins/probe/src/index.ts:12:9',
      '/query/drive/list/default/reports',
      'https://shop.example:8443/en/products?page=3&sort=price',
      'basic information: 3 items, mode=fast',
      'The reset e-mail could not be sent: ECONNREFUSED 127.0.0.1:587',
      'order SO10001 of 2026-12-05 took 1733360000000 ms, 0.4242424242424242 of it waiting',
    ])
      expect(text(written)).toBe(written)
  })
})
