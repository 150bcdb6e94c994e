import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { bootWithAccounts } from './helpers.js'
import { post, requestReset } from './reset-helpers.js'

/**
 * Issue 37: the client's fingerprint changed inputs, so a browser's Device value changed once. For
 * one release it sends its old value as Device-Previous, and a block stored under the old value
 * still refuses the device, and is copied to the new value once the password is shown
 * (docs/security.md, "Device blocking").
 */
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`Device-Previous on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let ada: RecordData
    let bob: RecordData

    const login = (email: string, password: string, device: string, previous?: string) =>
      inject(kernel, {
        method: 'POST',
        url: '/query/account/login',
        payload: { email, password },
        device,
        headers: previous === undefined ? {} : { 'device-previous': previous },
      })
    const blocks = async () =>
      (
        await kernel.services
          .db('account_blocked_devices')
          .orderBy(['type', 'id', 'device'])
          .select('type', 'id', 'device')
      ).map((row: { type: string; id: string; device: string }) => ({ ...row }))

    beforeAll(async () => {
      ;({
        kernel,
        close,
        accounts: [ada, bob],
      } = await bootWithAccounts(database, [
        { email: 'ada@example.com', password: 'correct horse', name: 'Ada Lovelace' },
        { type: 'customer', email: 'bob@example.com', password: 'bob password', name: 'Bob' },
      ]))
    })
    afterAll(() => close())

    it('keeps a device blocked under its old fingerprint blocked under the new one', async () => {
      // The block of a reset e-mail's "this was not me" link, made before the client changed.
      const mail = await requestReset(kernel, 'ada@example.com', 'old-print')
      const link = new URL(mail.block)
      const [, , type, id] = link.pathname.split('/')
      const blocked = await post(kernel, `/query/account/block/${type}/${id}`, {
        device: 'old-print',
        code: link.searchParams.get('code'),
      })
      expect(blocked.json()).toEqual({ ok: true })

      // Before anything was copied, the new fingerprint alone is not known to be blocked.
      expect(await blocks()).toEqual([{ type: ada.type, id: ada.id, device: 'old-print' }])
      // Without the password the old block refuses, with the same answer, but is copied nowhere:
      // whoever holds a blocked old value cannot use it to block a Device value of their choice.
      for (const victim of ['new-print', 'adas-other-laptop']) {
        const guessed = await login('ada@example.com', 'wrong password', victim, 'old-print')
        expect(guessed.statusCode).toBe(403)
        expect(guessed.json()).toEqual({ ok: false, message: 'ERROR_DEVICE_BLOCKED' })
      }
      expect(await blocks()).toEqual([{ type: ada.type, id: ada.id, device: 'old-print' }])
      expect(
        (await login('ada@example.com', 'correct horse', 'adas-other-laptop')).statusCode,
      ).toBe(200)
      const refused = await login('ada@example.com', 'correct horse', 'new-print', 'old-print')
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ ok: false, message: 'ERROR_DEVICE_BLOCKED' })
      expect(refused.headers['set-cookie']).toBeUndefined()
      expect(await blocks()).toEqual([
        { type: ada.type, id: ada.id, device: 'new-print' },
        { type: ada.type, id: ada.id, device: 'old-print' },
      ])

      // The next release sends no Device-Previous: the copied block holds on its own.
      for (const password of ['correct horse', 'wrong password']) {
        const alone = await login('ada@example.com', password, 'new-print')
        expect(alone.statusCode).toBe(403)
        expect(alone.json()).toEqual({ ok: false, message: 'ERROR_DEVICE_BLOCKED' })
      }
      // A second sign-in with both copies nothing again, and the old value alone stays blocked.
      expect(
        (await login('ada@example.com', 'correct horse', 'new-print', 'old-print')).statusCode,
      ).toBe(403)
      expect((await login('ada@example.com', 'correct horse', 'old-print')).statusCode).toBe(403)
      expect(await blocks()).toHaveLength(2)

      // The block stays the account's: Bob signs in from that device, with or without the header.
      expect(
        (await login('bob@example.com', 'bob password', 'new-print', 'old-print')).statusCode,
      ).toBe(200)
      expect((await login('bob@example.com', 'bob password', 'old-print')).statusCode).toBe(200)
      // Another device whose previous value was never blocked signs Ada in and copies nothing.
      expect(
        (await login('ada@example.com', 'correct horse', 'other-print', 'other-old')).statusCode,
      ).toBe(200)
      expect(await blocks()).toHaveLength(2)
    })

    it('ignores a malformed Device-Previous: it neither refuses the sign-in nor copies a block', async () => {
      // Blocks stored under values the header's rule refuses (longer than 256, not ASCII): were
      // the header read without the rule, these would refuse Bob and be copied.
      const malformed = ['x'.repeat(257), 'old-print-\u00e9']
      await kernel.services.db('account_blocked_devices').insert(
        malformed.map((device) => ({
          type: bob.type,
          id: bob.id,
          device_hash: crypto.createHash('sha256').update(device).digest('hex'),
          device: device.slice(0, 256),
          created_at: Date.now(),
        })),
      )
      const before = await blocks()
      for (const previous of malformed) {
        const reply = await login('bob@example.com', 'bob password', 'bob-print', previous)
        expect(reply.statusCode, previous).toBe(200)
        expect((await login('bob@example.com', 'bob password', 'bob-print')).statusCode).toBe(200)
      }
      // Nor does a Device-Previous equal to Device, or an empty one.
      for (const previous of ['bob-print', '']) {
        expect(
          (await login('bob@example.com', 'bob password', 'bob-print', previous)).statusCode,
        ).toBe(200)
      }
      expect(await blocks()).toEqual(before)
    })
  })
}
