import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError, type Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { verifyPassword } from '../src/server/passwords.js'
import type { NewAccount } from '../src/server/account-service.js'

/** The code a service call was refused with (core's codeOf reads an HTTP answer's). */
async function rejectionCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e)
  return error instanceof AppError ? error.code : `not an AppError: ${String(error)}`
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`accounts on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(database, [account, records]))
    })
    afterAll(() => close())

    it('creates an employee record with a lower-cased e-mail and roles, and keeps the hash out of it', async () => {
      const record = await kernel.services.accounts.addAccount({
        email: '  Ada@Example.COM ',
        password: 'correct horse',
        name: 'Ada Lovelace',
        roles: ['administrator'],
      })
      expect(record).toEqual({
        type: 'employee',
        id: expect.stringMatching(/^[0-9A-Za-z]+$/),
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        roles: ['administrator'],
        resetrequired: false,
      })
      const stored = await kernel
        .containerOf('records')
        .cradle.recordStore.get('employee', record.id)
      expect(JSON.stringify(stored)).not.toMatch(/argon2|password/)
      const row = await kernel.services
        .db('account_credentials')
        .where({ email: 'ada@example.com' })
        .first()
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      expect(await verifyPassword(row.password_hash, 'correct horse')).toBe(true)
      expect(await verifyPassword(row.password_hash, 'wrong horse')).toBe(false)
      expect(await kernel.services.accounts.findByEmail('ADA@example.com')).toEqual(record)
    })

    it('keeps e-mails unique across account types and leaves the first account intact', async () => {
      await kernel.services.accounts.addAccount({
        email: 'shopper@example.com',
        password: 'secret1',
        type: 'customer',
      })
      expect(
        await rejectionCode(
          kernel.services.accounts.addAccount({
            email: 'Shopper@example.com',
            password: 'other12',
            type: 'employee',
          }),
        ),
      ).toBe('ERROR_RECORD_ALREADY_EXISTS')
      const found = await kernel.services.accounts.findByEmail('shopper@example.com')
      expect(found).toMatchObject({ type: 'customer', roles: [] })
    })

    it('refuses bad input with the spec codes and stores nothing', async () => {
      const before = await kernel.services.db('account_credentials').count({ n: '*' })
      const refused: Array<[NewAccount, string]> = [
        [{ email: 'not-an-email', password: 'secret1' }, 'ERROR_INVALID_EMAIL'],
        [{ email: 'a+b@example.com', password: 'secret1' }, 'ERROR_INVALID_EMAIL'],
        [{ email: 'short@example.com', password: '12345' }, 'ERROR_PASSWORD_TOO_SHORT'],
        [{ email: 'empty@example.com', password: '' }, 'ERROR_PASSWORD_VALUE_REQUIRED'],
        [
          { email: 'role@example.com', password: 'secret1', roles: ['../admin'] },
          'ERROR_INVALID_ID',
        ],
        [
          { email: 'type@example.com', password: 'secret1', type: 'robot' as never },
          'ERROR_INVALID_INPUT',
        ],
      ]
      for (const [input, code] of refused)
        expect(await rejectionCode(kernel.services.accounts.addAccount(input)), input.email).toBe(
          code,
        )
      expect(await kernel.services.db('account_credentials').count({ n: '*' })).toEqual(before)
    })
  })
}
