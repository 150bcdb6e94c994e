import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { bootAccounts, getAccount, loginStatus, postLogin, signIn } from './helpers.js'

/** Staff change accounts through the record calls too; sign-in data must follow (AccountGuard). */
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`account records changed by staff on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let admin: string

    const call = (url: string, payload?: unknown) =>
      inject(kernel, {
        method: payload === undefined ? 'GET' : 'POST',
        url: `/query${url}`,
        payload,
        headers: { cookie: admin },
      })
    const update = (record: { type: string; id: string }, changes: Record<string, unknown>) =>
      call(
        `/data/update/${record.type}/${record.id}`,
        Object.entries(changes).map(([field, value]) => ({ field, value })),
      )
    const credentialsOf = (record: { type: string; id: string }) =>
      kernel.services.db('account_credentials').where({ type: record.type, id: record.id }).first()
    const message = (reply: Awaited<ReturnType<typeof call>>) =>
      reply.json<{ message: string }>().message
    const addCustomer = (email: string) =>
      kernel.services.accounts.addAccount({ type: 'customer', email, password: 'secret12' })

    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database))
      await kernel.seed()
      await kernel.services.accounts.addAccount({
        email: 'admin@example.com',
        password: 'admin secret',
        roles: ['administrator'],
      })
      admin = await signIn(kernel, 'admin@example.com', 'admin secret')
    })
    afterAll(() => close())

    it('gives an account created through data/create credentials nobody knows, under its lower-cased e-mail', async () => {
      const reply = await call('/data/create', {
        type: 'customer',
        email: '  New.Shopper@Example.COM ',
        name: 'New Shopper',
      })
      expect(reply.statusCode).toBe(200)
      const created = reply.json<RecordData>()
      expect(created.email).toBe('new.shopper@example.com')
      expect(await credentialsOf(created)).toMatchObject({ email: 'new.shopper@example.com' })
      // Step 1 finds it (so Forgot Password works); no password signs in.
      expect((await postLogin(kernel, { email: 'new.shopper@example.com' })).statusCode).toBe(200)
      const guess = await postLogin(kernel, {
        email: 'new.shopper@example.com',
        password: 'x'.repeat(8),
      })
      expect(guess.statusCode).toBe(401)
      // The owner sets a password (what the reset flow does) and signs in.
      await kernel.services.accounts.setPassword(created, 'chosen pw')
      expect(await loginStatus(kernel, 'new.shopper@example.com', 'chosen pw')).toBe(200)
    })

    it('refuses an e-mail another account has, on create and on update, and writes nothing', async () => {
      const taken = await addCustomer('taken@example.com')
      const other = await addCustomer('other@example.com')
      const count = await kernel.containerOf('records').cradle.recordStore.count('customer')

      const create = await call('/data/create', {
        type: 'customer',
        email: 'TAKEN@example.com',
        name: 'x',
      })
      expect(create.statusCode).toBe(409)
      expect(message(create)).toBe('ERROR_RECORD_ALREADY_EXISTS')
      expect(await kernel.containerOf('records').cradle.recordStore.count('customer')).toBe(count)

      const change = await update(other, { email: 'Taken@Example.com' })
      expect(change.statusCode).toBe(409)
      expect(message(change)).toBe('ERROR_RECORD_ALREADY_EXISTS')
      expect(
        (await kernel.containerOf('records').cradle.recordStore.get('customer', other.id))?.email,
      ).toBe('other@example.com')
      expect(await credentialsOf(other)).toMatchObject({ email: 'other@example.com' })
      expect(await credentialsOf(taken)).toMatchObject({ email: 'taken@example.com' })

      const bad = await update(other, { email: 'not an e-mail' })
      expect(bad.statusCode).toBe(400)
      expect(message(bad)).toBe('ERROR_INVALID_EMAIL')
    })

    it('moves the sign-in to a changed e-mail', async () => {
      const record = await addCustomer('moving@example.com')
      const reply = await update(record, { email: 'Moved@Example.com', name: 'Moved' })
      expect(reply.statusCode).toBe(200)
      expect(reply.json<RecordData>().email).toBe('moved@example.com')
      expect(await loginStatus(kernel, 'moved@example.com', 'secret12')).toBe(200)
      const old = await postLogin(kernel, { email: 'moving@example.com', password: 'secret12' })
      expect(old.statusCode).toBe(401)
      // Changing other fields leaves the credentials alone.
      expect((await update(record, { name: 'Still moved' })).statusCode).toBe(200)
      expect(await credentialsOf(record)).toMatchObject({ email: 'moved@example.com' })
    })

    it('ends the sessions of an account whose reset becomes required, and sign-in asks for the reset', async () => {
      const record = await addCustomer('must-reset@example.com')
      const cookie = await signIn(kernel, 'must-reset@example.com', 'secret12')
      expect((await update(record, { resetrequired: true })).statusCode).toBe(200)
      expect((await getAccount(kernel, cookie)).statusCode).toBe(401)
      const again = await postLogin(kernel, {
        email: 'must-reset@example.com',
        password: 'secret12',
      })
      expect(again.statusCode).toBe(403)
      expect(again.json<{ message: string }>().message).toBe('ERROR_ACCOUNT_RESET_REQUIRED')
    })

    it('ends the sessions of a binned account; a restored one signs in again', async () => {
      const record = await addCustomer('binned@example.com')
      const cookie = await signIn(kernel, 'binned@example.com', 'secret12')
      expect((await call(`/data/bin/customer|${record.id}`, {})).statusCode).toBe(200)
      expect((await getAccount(kernel, cookie)).statusCode).toBe(401)
      expect(await loginStatus(kernel, 'binned@example.com', 'secret12')).toBe(401)
      expect((await call(`/data/restore/customer|${record.id}`, {})).statusCode).toBe(200)
      expect(await loginStatus(kernel, 'binned@example.com', 'secret12')).toBe(200)
    })

    it('drops the credentials, image and codes of a deleted account, so its e-mail can be used again', async () => {
      const record = await addCustomer('gone@example.com')
      const cookie = await signIn(kernel, 'gone@example.com', 'secret12')
      expect(
        (
          await inject(kernel, {
            method: 'POST',
            url: `/query/account/image/customer/${record.id}`,
            payload: { seed: 'before-delete' },
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(200)
      expect((await call(`/data/bin/customer|${record.id}`, {})).statusCode).toBe(200)
      expect((await call(`/data/delete/customer|${record.id}`, {})).statusCode).toBe(200)
      expect(await credentialsOf(record)).toBeUndefined()
      expect(
        await kernel.services
          .db('account_images')
          .where({ type: 'customer', id: record.id })
          .first(),
      ).toBeUndefined()
      expect((await postLogin(kernel, { email: 'gone@example.com' })).statusCode).toBe(404)
      await addCustomer('gone@example.com')
      expect(await loginStatus(kernel, 'gone@example.com', 'secret12')).toBe(200)
    })

    it('carries sign-in data to a renamed account and ends the sessions under the old id', async () => {
      const record = await addCustomer('renamed@example.com')
      const cookie = await signIn(kernel, 'renamed@example.com', 'secret12')
      const reply = await update(record, { id: 'renamedcustomer' })
      expect(reply.statusCode).toBe(200)
      expect((await getAccount(kernel, cookie)).statusCode).toBe(401)
      expect(await credentialsOf({ type: 'customer', id: 'renamedcustomer' })).toMatchObject({
        email: 'renamed@example.com',
      })
      const fresh = await signIn(kernel, 'renamed@example.com', 'secret12')
      expect((await getAccount(kernel, fresh)).json()).toMatchObject({ id: 'renamedcustomer' })
    })
  })
}
