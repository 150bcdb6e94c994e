import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { moveCardTokens } from '../src/server/profile/move-card-tokens.js'

/**
 * Sites that saved cards before tokens moved out of account records (migration 006-card-tokens):
 * their tokens move into `account_card_tokens`, and every other byte of the record stays.
 */
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`card tokens leave account records on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(database, [records, account]))
      await kernel.seed()
    })
    afterAll(() => close())

    it('moves every token and keeps the rest of the record', async () => {
      const ada = await kernel.services.accounts.addAccount({
        type: 'customer',
        email: 'ada@example.com',
        password: 'secret12',
      })
      const lines = [
        { internalid: 'c1', last4: '1111', brand: 'visa', token: 'tok_one', ccdefault: true },
        { internalid: 'c2', last4: '4444', brand: 'mastercard', token: 'tok_two' },
      ]
      const old = { ...ada, phone: '555-0100', creditcards: lines }
      // As a site before the migration stored it: the token inside the record.
      await kernel.containerOf('records').cradle.recordStore.replace(old)
      await moveCardTokens(kernel.services.db)
      const after = (await kernel
        .containerOf('records')
        .cradle.recordStore.get('customer', ada.id))!
      expect(JSON.stringify(after)).not.toContain('tok_')
      expect(after).toEqual({
        ...old,
        creditcards: lines.map(({ token: _token, ...rest }) => rest),
      })
      expect(await kernel.services.cardTokens.get(ada, 'c1')).toBe('tok_one')
      expect(await kernel.services.cardTokens.get(ada, 'c2')).toBe('tok_two')
      // Running it again changes nothing.
      await moveCardTokens(kernel.services.db)
      expect(
        await kernel.containerOf('records').cradle.recordStore.get('customer', ada.id),
      ).toEqual(after)
    })
  })
}
