import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import type { AddressLine, CardLine, ProfileAnswer, UpdateAnswer } from '../src/index.js'
import { bootWithAccounts, postRaw, signIn } from './helpers.js'

const CARD = '4111 1111 1111 1111'
const address = {
  addressee: 'Ada',
  addr1: '1 Main St',
  city: 'London',
  zip: 'N1 1AA',
  country: 'GB',
}
const future = `12/${new Date().getUTCFullYear() + 3}`

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`profile on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let ada: RecordData
    let adaCookie: string
    let bobCookie: string

    const update = (payload: unknown, cookie: string = adaCookie, device?: string | null) =>
      inject(kernel, {
        method: 'POST',
        url: '/query/ns/profile/update',
        payload,
        headers: { cookie },
        ...(device === undefined ? {} : { device }),
      })
    const getProfile = (cookie?: string) =>
      inject(kernel, { url: '/query/ns/profile/get', headers: cookie ? { cookie } : {} })
    const storedJson = async (record: RecordData = ada) =>
      JSON.stringify(
        (await kernel.containerOf('records').cradle.recordStore.getStored(record.type, record.id))
          ?.record,
      )
    const addresses = async (record: RecordData = ada) =>
      (await kernel.containerOf('records').cradle.recordStore.getStored(record.type, record.id))
        ?.record.addressbook as AddressLine[] | undefined

    beforeAll(async () => {
      ;({
        kernel,
        close,
        accounts: [ada],
      } = await bootWithAccounts(database, [
        {
          type: 'customer',
          email: 'ada@example.com',
          password: 'correct horse',
          name: 'Ada King Lovelace',
        },
        { type: 'customer', email: 'bob@example.com', password: 'battery staple', name: 'Bob' },
      ]))
      adaCookie = await signIn(kernel, 'ada@example.com', 'correct horse')
      bobCookie = await signIn(kernel, 'bob@example.com', 'battery staple')
    })
    afterAll(() => close())

    it('answers the defaults of a new account', async () => {
      const reply = await getProfile(adaCookie)
      expect(reply.statusCode).toBe(200)
      expect(reply.json()).toEqual({
        firstname: 'Ada',
        lastname: 'King Lovelace',
        companyname: '',
        phone: '',
        email: 'ada@example.com',
        pricelevel: { text: 'onlineprice', value: 5 },
        creditlimit: null,
        terms: null,
        addressbook: [],
        creditcards: [],
        status: null,
        verified: true,
      })
    })

    it('refuses anonymous callers with 401', async () => {
      expect((await getProfile()).statusCode).toBe(401)
      const reply = await inject(kernel, {
        method: 'POST',
        url: '/query/ns/profile/update',
        payload: { addressbook: { new: address } },
      })
      expect(reply.statusCode).toBe(401)
      expect(reply.json()).toEqual({ ok: false, message: 'ERROR_NOT_SIGNED_IN' })
    })

    it('adds, changes and deletes an address, moving the default flags', async () => {
      const first = await update({ addressbook: { new: { ...address, defaultbilling: true } } })
      expect(first.statusCode).toBe(200)
      const one = (first.json() as UpdateAnswer).newid.addressbook ?? ''
      expect(one).not.toBe('')
      const second = await update({
        addressbook: { new: { ...address, addr1: '2 Side St', defaultbilling: true } },
      })
      const answer = second.json() as UpdateAnswer
      const two = answer.newid.addressbook ?? ''
      expect(answer.addressbook.list.map((line) => [line.id, line.defaultbilling])).toEqual([
        [one, false],
        [two, true],
      ])
      const changed = await update({
        addressbook: { [one]: { city: 'Paris', defaultshipping: true } },
      })
      expect(changed.statusCode).toBe(200)
      const lines = await addresses()
      expect(lines?.find((line) => line.id === one)).toMatchObject({
        addr1: '1 Main St',
        city: 'Paris',
        defaultshipping: true,
        defaultbilling: false,
      })
      expect((await getProfile(adaCookie)).json()).toMatchObject({ addressbook: lines })
      const deleted = await update({ addressbook: { [two]: 'delete' } })
      expect(deleted.statusCode).toBe(200)
      expect((await addresses())?.map((line) => line.id)).toEqual([one])
    })

    it('refuses an invalid address and changes nothing', async () => {
      const before = await storedJson()
      const reply = await update({ addressbook: { new: { ...address, city: '' } } })
      expect(reply.statusCode).toBe(400)
      expect(reply.json()).toMatchObject({ ok: false, message: 'ERROR_INPUT_VALUE_REQUIRED' })
      const country = await update({ addressbook: { new: { ...address, country: '' } } })
      expect(country.json()).toMatchObject({ message: 'ERROR_SELECT_VALUE_REQUIRED' })
      expect(await storedJson()).toBe(before)
    })

    it("refuses another account's address id and changes nothing", async () => {
      const bobs = await update({ addressbook: { new: address } }, bobCookie)
      const bobId = (bobs.json() as UpdateAnswer).newid.addressbook ?? ''
      const adaBefore = await storedJson()
      for (const change of ['delete', { city: 'Stolen' }]) {
        const reply = await update({ addressbook: { [bobId]: change } })
        expect(reply.statusCode).toBe(404)
        expect(reply.json()).toMatchObject({ message: 'ERROR_RECORD_NOT_AVAILABLE' })
      }
      expect(await storedJson()).toBe(adaBefore)
      const bobProfile = (await getProfile(bobCookie)).json() as ProfileAnswer
      expect(bobProfile.addressbook).toEqual([
        expect.objectContaining({ id: bobId, city: 'London' }),
      ])
    })

    it('stores a card as last4, brand and token only', async () => {
      const reply = await update({
        creditcards: {
          new: {
            ccnumber: CARD,
            ccname: 'Ada',
            ccexpiredate: future,
            paymentmethod: 'visa',
            ccdefault: true,
          },
        },
      })
      expect(reply.statusCode).toBe(200)
      const digits = CARD.replace(/ /g, '')
      expect(reply.body).not.toContain(digits)
      expect(reply.body).not.toContain(CARD)
      const answer = reply.json() as UpdateAnswer
      expect(answer.creditcards.list).toEqual([
        expect.objectContaining({
          internalid: answer.newid.creditcards,
          last4: '1111',
          brand: 'visa',
          ccnumber: '**** **** **** 1111',
          ccdefault: true,
        }),
      ])
      const json = await storedJson()
      expect(json).not.toContain(digits)
      expect(json).not.toContain(CARD)
      // The token is kept beside the record, never in it (docs/security.md, "Card data").
      const stored = (
        await kernel.containerOf('records').cradle.recordStore.getStored(ada.type, ada.id)
      )?.record.creditcards as Array<CardLine & { token?: string }>
      expect(stored[0]).not.toHaveProperty('token')
      const token = await kernel.services.cardTokens.get(ada, stored[0]!.internalid)
      expect(token).toMatch(/^tok_[\w-]{22}$/)
      expect(reply.body).not.toContain(token)
      expect(json).not.toContain(token)
    })

    it('moves ccdefault to a new default card', async () => {
      const reply = await update({
        creditcards: {
          new: {
            ccnumber: '5555555555554444',
            ccexpiredate: future,
            paymentmethod: 'mc',
            ccdefault: true,
          },
        },
      })
      const answer = reply.json() as UpdateAnswer
      expect(answer.creditcards.list.map((card) => [card.brand, card.ccdefault])).toEqual([
        ['visa', false],
        ['mastercard', true],
      ])
    })

    it('changes a saved card without its number, and deletes it', async () => {
      const cards = ((await getProfile(adaCookie)).json() as ProfileAnswer).creditcards
      const visa = cards[0]?.internalid ?? ''
      const changed = await update({ creditcards: { [visa]: { ccexpiredate: '2099-01' } } })
      expect(changed.statusCode).toBe(200)
      expect((changed.json() as UpdateAnswer).creditcards.list[0]).toMatchObject({
        internalid: visa,
        ccexpiredate: '2099-01',
        last4: '1111',
        brand: 'visa',
      })
      const deleted = await update({ creditcards: { [visa]: 'delete' } })
      expect((deleted.json() as UpdateAnswer).creditcards.list.map((card) => card.brand)).toEqual([
        'mastercard',
      ])
    })

    it('refuses Luhn-invalid and expired cards and changes nothing', async () => {
      const before = await storedJson()
      const luhn = await update({
        creditcards: {
          new: { ccnumber: '4111111111111112', ccexpiredate: future, paymentmethod: 'visa' },
        },
      })
      expect(luhn.statusCode).toBe(400)
      expect(luhn.json()).toMatchObject({ message: 'ERROR_INVALID_INPUT', reason: 'ccnumber' })
      const expired = await update({
        creditcards: { new: { ccnumber: CARD, ccexpiredate: '01/2020', paymentmethod: 'visa' } },
      })
      expect(expired.statusCode).toBe(400)
      expect(expired.json()).toMatchObject({
        message: 'ERROR_INVALID_INPUT',
        reason: 'ccexpiredate',
      })
      expect(await storedJson()).toBe(before)
    })

    it('refuses malformed bodies, unknown keys and a missing Device header', async () => {
      const before = await storedJson()
      const cases: unknown[] = [
        {},
        { addressbook: { new: { ...address, owner: 'x' } } },
        { addressbook: {}, extra: true },
        { addressbook: { new: 'remove' } },
        { addressbook: { new: 'delete' } },
        { creditcards: { new: { ccnumber: 4111 } } },
      ]
      for (const payload of cases) {
        const reply = await update(payload)
        expect(reply.statusCode).toBe(400)
        expect(reply.json()).toMatchObject({ message: 'ERROR_INVALID_INPUT' })
      }
      const raw = await postRaw(
        kernel,
        '/query/ns/profile/update',
        '{"addressbook":',
        'application/json',
        { cookie: adaCookie },
      )
      expect(raw.statusCode).toBe(400)
      const noDevice = await update({ addressbook: { new: address } }, adaCookie, null)
      expect(noDevice.statusCode).toBe(403)
      expect(noDevice.json()).toMatchObject({ message: 'ERROR_DEVICE_REQUIRED' })
      expect(await storedJson()).toBe(before)
    })

    it('keeps every line of concurrent updates', async () => {
      const replies = await Promise.all(
        ['A', 'B', 'C'].map((city) => update({ addressbook: { new: { ...address, city } } })),
      )
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200])
      const cities = (await addresses())?.map((line) => line.city)
      expect(cities).toEqual(expect.arrayContaining(['A', 'B', 'C']))
    })
  })
}
