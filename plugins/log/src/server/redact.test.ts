import { describe, expect, it } from 'vitest'
import { isSecretKey, REDACTED, redactEntry, redactText } from './redact.js'

/** A reset or block code as the account plugin makes them: 32 random bytes in base64url. */
const CODE = 'q3Vb8_xT-0aZkLm2NpQr4StUvWxYz9AbCdEfGhIjKlM'

describe('redacting secrets from log texts and values', () => {
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
      'blockCode',
      'sw_session',
      'sid',
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

  it('redacts secret query parameters in addresses and name=value texts, keeping the others', () => {
    expect(redactText(`/block/employee/7/dev1?code=${CODE}&next=%2Faccount`)).toBe(
      `/block/employee/7/dev1?code=${REDACTED}&next=%2Faccount`,
    )
    expect(redactText('https://shop.example/cb?page=2&access_token=abc.def#state=1')).toBe(
      `https://shop.example/cb?page=2&access_token=${REDACTED}#state=1`,
    )
    expect(redactText('/x#id_token=abc&Password=p%40ss;sid=9')).toBe(
      `/x#id_token=${REDACTED}&Password=${REDACTED};sid=${REDACTED}`,
    )
    expect(redactText('login failed for email=a@b.example password=hunter2')).toBe(
      `login failed for email=a@b.example password=${REDACTED}`,
    )
    expect(redactText('/query/data/list?type=webpage&pagesize=50')).toBe(
      '/query/data/list?type=webpage&pagesize=50',
    )
  })

  it('redacts reset codes in paths, JSON members, headers, bearer tokens and URL passwords', () => {
    expect(redactText(`POST /query/account/reset/employee/7/${CODE} failed`)).toBe(
      `POST /query/account/reset/employee/7/${REDACTED} failed`,
    )
    expect(redactText(`/query/account/entity/customer/12/${CODE}?x=1`)).toBe(
      `/query/account/entity/customer/12/${REDACTED}?x=1`,
    )
    expect(redactText(`https://shop.example/reset/employee/7/${CODE}`)).toBe(
      `https://shop.example/reset/employee/7/${REDACTED}`,
    )
    // Without a code the address names only the account, which the log may say.
    expect(redactText('/query/account/entity/employee/7')).toBe('/query/account/entity/employee/7')
    expect(redactText('Unexpected body {"device":"d1","code":"abc","password":"p\\"w"}')).toBe(
      `Unexpected body {"device":"d1","code":"${REDACTED}","password":"${REDACTED}"}`,
    )
    expect(redactText('{"ok":false,"code":"ERROR_INTERNAL"}')).toBe(
      '{"ok":false,"code":"ERROR_INTERNAL"}',
    )
    expect(redactText('Cookie: sw_session=abc; theme=dark\nnext line')).toBe(
      `Cookie: ${REDACTED}\nnext line`,
    )
    expect(redactText('sent authorization: Basic dXNlcjpwYXNz')).toBe(
      `sent authorization: ${REDACTED}`,
    )
    expect(redactText('retrying with Bearer eyJhbGciOi.eyJzdWIi.sig-_= now')).toBe(
      `retrying with Bearer ${REDACTED} now`,
    )
    expect(redactText('connect mysql://shop:s3cret@db.internal:3306/shop failed')).toBe(
      `connect mysql://shop:${REDACTED}@db.internal:3306/shop failed`,
    )
  })

  it('leaves ordinary texts exactly as written', () => {
    for (const text of [
      'request failed',
      'Error: the probe broke\n    at /work/plugins/probe/src/index.ts:12:9',
      '/query/drive/list/default/reports',
      'https://shop.example:8443/en/products?page=3&sort=price',
      'basic information: 3 items, mode=fast',
      'The reset e-mail could not be sent: ECONNREFUSED 127.0.0.1:587',
    ])
      expect(redactText(text)).toBe(text)
  })
})
