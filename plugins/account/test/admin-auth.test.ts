// The admin module's sign-in provider against a real kernel over HTTP. It lives here, not beside
// the admin code, because the admin app type-checks that folder without the server packages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import { createQueryClient, type QueryClient, type QueryFetch } from '@shopwright/client'
import { bootAccounts } from './helpers.js'
import { accountAuth } from '../src/admin/account-auth.js'

/**
 * A browser's part for a client outside one: the cookies the server sets go back with every
 * request, as a page's would.
 */
function browserLike(): QueryFetch {
  const jar = new Map<string, string>()
  return async (url, init) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(url, {
      ...init,
      headers: { ...init.headers, ...(cookie ? { cookie } : {}) },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value) jar.set(name, value)
      else jar.delete(name)
    }
    return response
  }
}

// The provider the admin shell signs in with, against the account plugin's real calls.
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the admin's account sign-in on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let base: string
    let adaId: string
    let graceId: string
    const client = (): QueryClient =>
      createQueryClient({ baseUrl: base, device: 'admin-test', fetch: browserLike() })

    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database))
      const ada = await kernel.services.accounts.addAccount({
        email: 'ada@example.com',
        password: 'secret12',
        name: 'Ada Lovelace',
        roles: ['administrator'],
      })
      adaId = ada.id
      const grace = await kernel.services.accounts.addAccount({
        email: 'grace@example.com',
        password: 'secret12',
        name: 'Grace',
      })
      graceId = grace.id
      await kernel
        .containerOf('records')
        .cradle.recordStore.replace({ ...grace, resetrequired: true })
      base = (await kernel.listen(0, '127.0.0.1')).url
    })
    afterAll(() => close())

    it('answers nobody for a browser without a session', async () => {
      expect(await accountAuth.identity(client())).toBeNull()
    })

    it('signs in in two steps, says who is signed in, and signs out', async () => {
      const browser = client()
      const preview = await accountAuth.preview(browser, 'ada@example.com')
      expect(preview).toEqual({
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        image: `${base}/query/account/image/get/employee/${adaId}`,
        resetUrl: `/reset/employee/${adaId}`,
      })
      const result = await accountAuth.login(browser, preview, 'secret12')
      const identity = {
        id: `employee/${adaId}`,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        image: `${base}/query/account/image/get/employee/${adaId}?t=0`,
        roles: ['administrator'],
      }
      expect(result).toEqual({ status: 'signed-in', identity })
      expect(await accountAuth.identity(browser)).toEqual(identity)
      // The picture it names is one the server serves.
      expect((await fetch(identity.image)).status).toBe(200)

      await accountAuth.logout(browser)
      expect(await accountAuth.identity(browser)).toBeNull()
      // Signing out twice is still signed out.
      await expect(accountAuth.logout(browser)).resolves.toBeUndefined()
    })

    it("rejects with the server's refusal for an unknown e-mail or a wrong password", async () => {
      const browser = client()
      await expect(accountAuth.preview(browser, 'nobody@example.com')).rejects.toMatchObject({
        code: 'ERROR_EMAIL_NOT_FOUND',
      })
      const preview = await accountAuth.preview(browser, 'ada@example.com')
      await expect(accountAuth.login(browser, preview, 'wrong123')).rejects.toMatchObject({
        code: 'ERROR_ACCESS_DENIED',
        status: 401,
      })
      expect(await accountAuth.identity(browser)).toBeNull()
    })

    it('sends an account that must reset its password to its reset page, signed out', async () => {
      const browser = client()
      const preview = await accountAuth.preview(browser, 'grace@example.com')
      const result = await accountAuth.login(browser, preview, 'secret12')
      expect(result).toMatchObject({
        status: 'reset-required',
        error: { code: 'ERROR_ACCOUNT_RESET_REQUIRED' },
        resetUrl: `/reset/employee/${graceId}`,
      })
      expect(await accountAuth.identity(browser)).toBeNull()
    })
  })
}
