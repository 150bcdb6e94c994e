import { describe, expect, it } from 'vitest'
// The kernel's own redactor, as the process log applies it to the declared patterns.
import { addressRedactor } from '@shopwright/core'
import { resetLinks } from './reset-mail.js'
import { SECRET_ADDRESSES } from './secret-addresses.js'

describe('the account addresses written to the process log', () => {
  const redact = addressRedactor(SECRET_ADDRESSES)
  const links = resetLinks(
    'https://shop.example',
    { type: 'employee', id: '7' },
    { code: 'ResetC0de-_x', blockCode: 'BlockC0de' },
    'device-1',
  )
  const pathOf = (link: string) => link.slice('https://shop.example'.length)

  it('hides the codes of the links the reset mail sends, and of the calls their pages make', () => {
    expect(redact(pathOf(links.reset))).toBe('/reset/employee/7/[REDACTED]')
    expect(redact(pathOf(links.block))).toBe('/block/employee/7/device-1?code=[REDACTED]')
    expect(redact('/query/account/entity/employee/7/ResetC0de-_x')).toBe(
      '/query/account/entity/employee/7/[REDACTED]',
    )
    expect(redact('/query/account/reset/customer/12/ResetC0de-_x')).toBe(
      '/query/account/reset/customer/12/[REDACTED]',
    )
  })

  it('keeps the addresses without a code as they are', () => {
    for (const url of ['/query/account/entity/employee/7', '/reset', '/query/account/login'])
      expect(redact(url)).toBe(url)
  })
})
