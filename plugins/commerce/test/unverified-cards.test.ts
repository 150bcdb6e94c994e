/**
 * With ACCOUNT_SIGNUP=verify, an account whose e-mail is not confirmed sees no saved cards
 * anywhere (docs/security.md, "Sign-up"): not in its profile, and not at checkout, where a saved
 * card is refused as if it did not exist. A session made before the site switched to verify
 * mode is the way such an account is signed in at all.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { codeOf, databasesUnderTest } from '@shopwright/core/testing'
import type { CheckoutAnswer } from '../src/index.js'
import { bootCommerce, call, newCustomer, post } from './helpers.js'

const CARD = {
  ccnumber: '4111 1111 1111 1111',
  ccname: 'Ada Lovelace',
  ccexpiredate: `12/${new Date().getUTCFullYear() + 3}`,
  paymentmethod: 'visa',
  ccdefault: true,
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(
    `saved cards of an unconfirmed account on ${database.name}`,
    () => {
      let booted: Awaited<ReturnType<typeof bootCommerce>>
      const previous = process.env.ACCOUNT_SIGNUP

      beforeAll(async () => {
        process.env.ACCOUNT_SIGNUP = 'verify'
        booted = await bootCommerce(database)
      })
      afterAll(async () => {
        if (previous === undefined) delete process.env.ACCOUNT_SIGNUP
        else process.env.ACCOUNT_SIGNUP = previous
        await booted?.close()
      })

      it('lists no saved card at checkout and refuses to charge one until the e-mail is confirmed', async () => {
        const { kernel } = booted
        const { cookie: ada, entity } = await newCustomer(kernel, 'una-unverified@example.com')
        const saved = await post(kernel, ada, '/query/ns/profile/update', {
          creditcards: { new: CARD },
        })
        expect(saved.statusCode, saved.body).toBe(200)
        const card = saved.json<{ newid: { creditcards: string } }>().newid.creditcards
        expect(
          (await post(kernel, ada, '/query/cart/add', { item: 'anchor-mug', quantity: 1 }))
            .statusCode,
        ).toBe(200)
        const checkout = async () =>
          (await call(kernel, ada, { url: '/query/checkout/get' })).json<CheckoutAnswer>()
        expect((await checkout()).cards.map((each) => each.internalid)).toContain(card)

        const credentials = () =>
          kernel.services.db('account_credentials').where({ type: entity.type, id: entity.id })
        const { verified_at: verifiedAt } = await credentials().first('verified_at')
        await credentials().update({ verified_at: null })
        try {
          expect((await checkout()).cards).toEqual([])
          const refused = await post(kernel, ada, '/query/checkout/place', {
            idempotencykey: 'unverified-saved-card-1',
            payment: { saved: card },
          })
          expect([refused.statusCode, codeOf(refused)]).toEqual([
            404,
            'ERROR_CREDITCARD_NOT_AVAILABLE',
          ])
        } finally {
          await credentials().update({ verified_at: verifiedAt })
        }
        expect((await checkout()).cards.map((each) => each.internalid)).toContain(card)
      })

      it("reads the confirmation only for a shopper with saved cards, not on every shopper's request", async () => {
        const { kernel } = booted
        const { cookie } = await newCustomer(kernel, 'vic-nocards@example.com')
        const asked = vi.spyOn(kernel.services.accounts, 'isVerified')
        try {
          expect((await call(kernel, cookie, { url: '/query/cart/get' })).statusCode).toBe(200)
          expect(asked).not.toHaveBeenCalled()
          // The profile itself still tells whether the e-mail is confirmed.
          const profile = await call(kernel, cookie, { url: '/query/ns/profile/get' })
          expect(profile.json<{ verified: boolean }>().verified).toBe(true)
          expect(asked).toHaveBeenCalledTimes(1)
        } finally {
          asked.mockRestore()
        }
      })
    },
  )
}
