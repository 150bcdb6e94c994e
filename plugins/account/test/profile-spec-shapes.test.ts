import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import type { AddressLine, ProfileAnswer, UpdateAnswer } from '../src/index.js'
import { ACCOUNT_ROUTES } from '../src/server/route-schemas.js'
import { bootWithAccounts, postRaw, signIn } from './helpers.js'

/*
 * The specification's Address and CreditCard shapes (docs/api.md, "Differences from the
 * specification"): a client written to the specification reads and writes them, a client of the
 * kept names still works, and what neither sends is refused with a catalogue code, changing nothing.
 */

const future = `${new Date().getUTCFullYear() + 3}-07`
/** An address in the specification's names only. */
const specAddress = {
  addressee: 'Ada Lovelace',
  address1: '12 Analytical Row',
  address2: 'Flat 2',
  city: 'Boston',
  region: 'MA',
  postalCode: '02110',
  country: 'us',
  phone: '+1 617 555 0100',
  isResidential: true,
  defaultShipping: true,
  defaultBilling: false,
}
/** A card in the specification's names only. */
const specCard = {
  name: 'Ada Lovelace',
  number: '4242 4242 4242 4242',
  expireDate: future,
  paymentMethod: 'visa',
  default: true,
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the specification's profile shapes on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let ada: RecordData
    let cookie: string

    const update = (payload: unknown) =>
      inject(kernel, {
        method: 'POST',
        url: '/query/ns/profile/update',
        payload,
        headers: { cookie },
      })
    const profile = async () =>
      (
        await inject(kernel, { url: '/query/ns/profile/get', headers: { cookie } })
      ).json<ProfileAnswer>()
    const stored = async () =>
      (await kernel.containerOf('records').cradle.recordStore.getStored(ada.type, ada.id))?.record
    const storedJson = async () => JSON.stringify(await stored())
    /** The whole database's card tokens, which a refused change must not touch either. */
    const tokens = () => kernel.services.db('account_card_tokens').select('*').orderBy('internalid')

    beforeAll(async () => {
      ;({
        kernel,
        close,
        accounts: [ada],
      } = await bootWithAccounts(database, [
        { type: 'customer', email: 'ada@example.com', password: 'correct horse', name: 'Ada' },
      ]))
      cookie = await signIn(kernel, 'ada@example.com', 'correct horse')
    })
    afterAll(() => close())

    it('takes an address in the specification names and answers both names, with addressbook.newid', async () => {
      const reply = await update({ addressbook: { new: specAddress } })
      expect(reply.statusCode, reply.body).toBe(200)
      const answer = reply.json<UpdateAnswer>()
      const id = answer.addressbook.newid
      expect(id).toMatch(/^[0-9a-f]{16}$/)
      // The field clients wrote before stays, with the same id.
      expect(answer.newid).toEqual({ addressbook: id })
      expect(answer.creditcards).toEqual({ list: [] })
      const kept = {
        id,
        addressee: 'Ada Lovelace',
        addr1: '12 Analytical Row',
        addr2: 'Flat 2',
        city: 'Boston',
        state: 'MA',
        zip: '02110',
        country: 'us',
        addrphone: '+1 617 555 0100',
        isresidential: true,
        defaultshipping: true,
        defaultbilling: false,
      }
      // The record keeps one set of names, the account editor's.
      expect(((await stored())?.addressbook as AddressLine[])[0]).toEqual(kept)
      const line = { ...kept, ...specAddress, id }
      expect(answer.addressbook.list).toEqual([line])
      expect((await profile()).addressbook).toEqual([line])
    })

    it('takes a change in either names, and moves the default flags named either way', async () => {
      const [first] = (await profile()).addressbook
      const second = await update({
        addressbook: {
          new: {
            ...specAddress,
            address1: '1 Other St',
            defaultShipping: true,
            defaultBilling: true,
          },
        },
      })
      expect(second.statusCode, second.body).toBe(200)
      const two = second.json<UpdateAnswer>().addressbook.newid!
      const lines = (await profile()).addressbook
      expect(lines.map((line) => [line.id, line.defaultShipping, line.defaultshipping])).toEqual([
        [first!.id, false, false],
        [two, true, true],
      ])
      // An edit holding a field under both names, the same under both, is taken.
      const both = await update({
        addressbook: { [first!.id]: { postalCode: '02111', zip: '02111', isResidential: false } },
      })
      expect(both.statusCode, both.body).toBe(200)
      const edited = (await profile()).addressbook.find((line) => line.id === first!.id)
      expect(edited).toMatchObject({ zip: '02111', postalCode: '02111', isresidential: false })
      // An edit carrying its own id (a client sending the line back whole) is taken too.
      const whole = await update({ addressbook: { [two]: { id: two, city: 'Cambridge' } } })
      expect(whole.statusCode, whole.body).toBe(200)
      expect(whole.json<UpdateAnswer>().addressbook).not.toHaveProperty('newid')
      expect(whole.json<UpdateAnswer>().newid).toEqual({})
    })

    it('answers a card in the specification shape, the number in groups of four, last four only', async () => {
      const reply = await update({ creditcards: { new: specCard } })
      expect(reply.statusCode, reply.body).toBe(200)
      const answer = reply.json<UpdateAnswer>()
      const id = answer.creditcards.newid
      expect(answer.newid).toEqual({ creditcards: id })
      const card = {
        id,
        name: 'Ada Lovelace',
        number: '************4242',
        number_fmt: '**** **** **** 4242',
        expireDate: future,
        paymentMethod: 'visa',
        default: true,
      }
      expect(answer.creditcards.list).toEqual([expect.objectContaining(card)])
      // Both answers fit the calls' descriptions, which the OpenAPI document is built from.
      expect(ACCOUNT_ROUTES.profileUpdate.answer.safeParse(answer).error).toBeUndefined()
      expect(ACCOUNT_ROUTES.profileGet.answer.safeParse(await profile()).error).toBeUndefined()
      expect((await profile()).creditcards).toEqual([
        expect.objectContaining({ ...card, internalid: id, ccnumber: '**** **** **** 4242' }),
      ])
      // The whole number is never answered nor stored.
      for (const text of [reply.body, await storedJson()]) {
        expect(text).not.toContain('4242424242424242')
        expect(text).not.toContain('4242 4242 4242 4242')
      }
    })

    it('keeps the number on file when a card comes back with its mask', async () => {
      const [card] = (await profile()).creditcards
      const before = await tokens()
      const reply = await update({
        creditcards: {
          [card!.id]: {
            id: card!.id,
            name: card!.name,
            number: card!.number,
            number_fmt: card!.number_fmt,
            expireDate: '2099-12',
            paymentMethod: card!.paymentMethod,
            default: card!.default,
          },
        },
      })
      expect(reply.statusCode, reply.body).toBe(200)
      expect(reply.json<UpdateAnswer>().creditcards.list[0]).toMatchObject({
        id: card!.id,
        expireDate: '2099-12',
        number_fmt: '**** **** **** 4242',
      })
      expect(await tokens()).toEqual(before)
    })

    it('refuses wrong types, prototype keys, disagreeing names and masks of other numbers, changing nothing', async () => {
      const [line] = (await profile()).addressbook
      const [card] = (await profile()).creditcards
      const recordBefore = await storedJson()
      const tokensBefore = await tokens()
      const refused: unknown[] = [
        { addressbook: [] },
        { addressbook: { new: { ...specAddress, address1: 5 } } },
        { addressbook: { new: { ...specAddress, isResidential: 'yes' } } },
        { addressbook: { new: { ...specAddress, defaultBilling: 1 } } },
        { addressbook: { new: { ...specAddress, postcode: '02110' } } },
        { addressbook: { new: { ...specAddress, addr1: 'Elsewhere' } } },
        { addressbook: { [line!.id]: { postalCode: '02112', zip: '02113' } } },
        { addressbook: { [line!.id]: { id: 'another' } } },
        { addressbook: { new: { ...specAddress, id: line!.id } } },
        { addressbook: { constructor: { city: 'Proto' } } },
        { addressbook: { prototype: 'delete' } },
        { creditcards: { new: { ...specCard, default: 'true' } } },
        { creditcards: { new: { ...specCard, number: 4242424242424242 } } },
        { creditcards: { new: { ...specCard, ccnumber: '4111 1111 1111 1111' } } },
        { creditcards: { new: { ...specCard, number: '**** **** **** 4242' } } },
        { creditcards: { [card!.id]: { number: '**** **** **** 1111' } } },
        { creditcards: { [card!.id]: { number_fmt: '4242 4242 4242 4242' } } },
        { creditcards: { [card!.id]: { internalid: 'another' } } },
        { creditcards: { [card!.id]: { ccv: '123' } } },
      ]
      for (const payload of refused) {
        const reply = await update(payload)
        expect(reply.statusCode, JSON.stringify(payload)).toBe(400)
        expect(reply.json(), JSON.stringify(payload)).toMatchObject({
          ok: false,
          message: 'ERROR_INVALID_INPUT',
        })
      }
      // `__proto__` as JSON text (an object literal would set a prototype, not send the key).
      for (const raw of [
        `{"addressbook":{"__proto__":{"city":"Proto"}}}`,
        `{"addressbook":{"new":{"__proto__":{"isResidential":true},"address1":"1 A St","city":"B","postalCode":"02110","country":"us"}}}`,
        `{"creditcards":{"new":{"__proto__":{"default":true}}}}`,
        `{"__proto__":{"addressbook":{}}}`,
      ]) {
        const reply = await postRaw(kernel, '/query/ns/profile/update', raw, 'application/json', {
          cookie,
        })
        expect(reply.statusCode, raw).toBe(400)
        expect(reply.json(), raw).toMatchObject({ ok: false, message: 'ERROR_INVALID_INPUT' })
      }
      expect(({} as Record<string, unknown>).isResidential).toBeUndefined()
      expect(await storedJson()).toBe(recordBefore)
      expect(await tokens()).toEqual(tokensBefore)
    })
  })
}
