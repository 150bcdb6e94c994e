import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import type { AnnouncementRow, CurrentAnnouncement } from '../src/index.js'
import { DISMISSALS_TABLE } from '../src/index.js'
import {
  addAnnouncement,
  bootExample,
  call,
  codeOf,
  hoursFromNow,
  type Person,
  type Reply,
} from './helpers.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`announcements on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let cookies: Record<Person, string>

    const as = (person: Person | null) => (person ? cookies[person] : undefined)
    const current = async (person: Person | null = null) => {
      const reply = await call(kernel, as(person), { url: '/query/announcements/current' })
      expect(reply.statusCode).toBe(200)
      return reply.json<CurrentAnnouncement[]>().map((each) => each.id)
    }
    const publish = (person: Person | null, id: string, payload: unknown = { published: true }) =>
      call(kernel, as(person), {
        method: 'POST',
        url: `/query/announcements/publish/${id}`,
        payload,
      })
    const dismiss = (person: Person | null, id: string) =>
      call(kernel, as(person), { method: 'POST', url: `/query/announcements/dismiss/${id}` })
    const stored = (id: string) =>
      kernel.services.records.findFresh('announcement', id) as Promise<RecordData>
    const logOf = async (id: string) =>
      (await kernel.services.appLog.list({ name: `announcement.${id}`, limit: 10 })).map(
        (line) => `${line.message} by ${line.actor}`,
      )
    const refused = (reply: Reply, status: number, code: string) => {
      expect({ status: reply.statusCode, code: codeOf(reply) }).toEqual({ status, code })
    }

    beforeAll(async () => {
      // The limit comes from the setting: two at most, whatever is live.
      ;({ kernel, close, cookies } = await bootExample(database, {
        settings: { announcementLimit: 2 },
      }))
      await addAnnouncement(kernel, 'draft', { starts: hoursFromNow(-0.5) })
      await addAnnouncement(kernel, 'live1', { published: true, starts: hoursFromNow(-3) })
      await addAnnouncement(kernel, 'live2', { published: true, starts: hoursFromNow(-2) })
      await addAnnouncement(kernel, 'live3', { published: true, starts: hoursFromNow(-1) })
      await addAnnouncement(kernel, 'later', { published: true, starts: hoursFromNow(5) })
      await addAnnouncement(kernel, 'ended', { published: true, ends: hoursFromNow(-1) })
      await addAnnouncement(kernel, 'over', { ends: hoursFromNow(-1) })
    })
    afterAll(() => close())

    it('seeds the announcement record type and its security record', async () => {
      const type = await kernel.services.records.find('recordtype', 'announcement')
      expect(type?.security).toBe('announcement')
      const security = await kernel.services.records.find('security', 'announcement')
      expect(security?.access).toEqual(
        expect.arrayContaining([expect.objectContaining({ role: 'marketing', edit: true })]),
      )
    })

    it('answers anyone the live announcements, newest first, up to ANNOUNCEMENT_LIMIT', async () => {
      expect(await current()).toEqual(['live3', 'live2'])
      const [first] = (await call(kernel, undefined, { url: '/query/announcements/current' })).json<
        CurrentAnnouncement[]
      >()
      // Public fields only.
      expect(first).toEqual({
        id: 'live3',
        headline: 'Headline live3',
        message: 'Message live3',
        ends: null,
      })
    })

    it('keeps drafts from the public: the generic record calls need the rights', async () => {
      refused(
        await call(kernel, as('customer'), { url: '/query/data/get/announcement/draft' }),
        403,
        'ERROR_ACCESS_DENIED',
      )
    })

    it('publishes with the caller’s rights, logs it, and shows it at once', async () => {
      const reply = await publish('marketer', 'draft')
      expect(reply.statusCode).toBe(200)
      expect(reply.json<RecordData>().published).toBe(true)
      expect(await logOf('draft')).toContainEqual(expect.stringMatching(/^published by employee\|/))
      // The cached list was dropped by the change: the draft, now live and newest, comes first.
      expect(await current()).toEqual(['draft', 'live3'])
      expect((await publish('marketer', 'draft', { published: false })).statusCode).toBe(200)
      expect(await current()).not.toContain('draft')
    })

    it('refuses a bad call with its catalogue code and changes nothing', async () => {
      const before = await stored('draft')
      refused(await publish('marketer', 'draft', { published: 'yes' }), 400, 'ERROR_INVALID_INPUT')
      refused(
        await publish('marketer', 'draft', { published: true, x: 1 }),
        400,
        'ERROR_INVALID_INPUT',
      )
      refused(await publish('marketer', 'dr%20aft'), 400, 'ERROR_INVALID_ID')
      refused(await publish('marketer', 'missing'), 404, 'ERROR_RECORD_NOT_AVAILABLE')
      refused(await publish('customer', 'draft'), 403, 'ERROR_ACCESS_DENIED')
      refused(await publish('supporter', 'draft'), 403, 'ERROR_PERMISSION_TYPE')
      refused(await publish(null, 'draft'), 401, 'ERROR_NOT_SIGNED_IN')
      expect(await stored('draft')).toEqual(before)
    })

    it("refuses to publish an ended announcement with the plugin's code", async () => {
      const before = await stored('over')
      const reply = await publish('marketer', 'over')
      refused(reply, 410, 'ERROR_ANNOUNCEMENT_EXPIRED')
      expect(await stored('over')).toEqual(before)
      expect(await logOf('over')).toEqual(['created by system'])
    })

    it('lets a signed-in visitor dismiss one, once, counted by the server', async () => {
      const reply = await dismiss('customer', 'live3')
      expect(reply.statusCode).toBe(200)
      expect(await current('customer')).toEqual(['live2', 'live1'])
      expect(await current()).toEqual(['live3', 'live2'])
      expect((await dismiss('customer', 'live3')).statusCode).toBe(200)
      expect((await stored('live3')).dismissals).toBe(1)
      // Written as the system, on behalf of the customer: the log names who asked.
      expect(await logOf('live3')).toContainEqual(expect.stringMatching(/^dismissed by customer\|/))
      const rows = await kernel.services.db(DISMISSALS_TABLE).where({ announcement: 'live3' })
      expect(rows).toHaveLength(1)
    })

    it('refuses a dismissal by nobody, of an ended or unknown one, and changes nothing', async () => {
      refused(await dismiss(null, 'live2'), 401, 'ERROR_NOT_SIGNED_IN')
      refused(await dismiss('customer', 'ended'), 410, 'ERROR_ANNOUNCEMENT_EXPIRED')
      refused(await dismiss('customer', 'later'), 404, 'ERROR_RECORD_NOT_AVAILABLE')
      refused(await dismiss('customer', 'nothing'), 404, 'ERROR_RECORD_NOT_AVAILABLE')
      for (const id of ['live2', 'ended', 'later']) expect((await stored(id)).dismissals).toBe(0)
      expect(
        await kernel.services.db(DISMISSALS_TABLE).whereNot({ announcement: 'live3' }),
      ).toEqual([])
    })

    it('keeps the count the server’s: an edit through the record calls cannot set it', async () => {
      const reply = await call(kernel, as('marketer'), {
        method: 'POST',
        url: '/query/data/update/announcement/live3',
        payload: [
          { field: 'dismissals', value: 99 },
          { field: 'headline', value: 'Edited' },
        ],
      })
      expect(reply.statusCode).toBe(200)
      expect(await stored('live3')).toMatchObject({ headline: 'Edited', dismissals: 1 })
    })

    it('lists every announcement with its state for staff, and for nobody else', async () => {
      const reply = await call(kernel, as('supporter'), { url: '/query/announcements/list' })
      expect(reply.statusCode).toBe(200)
      const states = Object.fromEntries(
        reply.json<AnnouncementRow[]>().map((row) => [row.id, [row.state, row.dismissals]]),
      )
      expect(states).toMatchObject({
        draft: ['draft', 0],
        live3: ['live', 1],
        later: ['scheduled', 0],
        ended: ['ended', 0],
      })
      refused(
        await call(kernel, as('customer'), { url: '/query/announcements/list' }),
        403,
        'ERROR_ACCESS_DENIED',
      )
      refused(
        await call(kernel, undefined, { url: '/query/announcements/list' }),
        401,
        'ERROR_NOT_SIGNED_IN',
      )
    })

    it("drops the plugin's rows with the record when it is deleted for good", async () => {
      const { records } = kernel.services
      const admin = { type: 'employee', id: 'admin', roles: ['administrator'] }
      await records.bin(admin, [{ type: 'announcement', id: 'live3' }])
      expect(await current('customer')).toEqual(['live2', 'live1'])
      await records.remove(admin, [{ type: 'announcement', id: 'live3' }])
      expect(await kernel.services.db(DISMISSALS_TABLE).where({ announcement: 'live3' })).toEqual(
        [],
      )
    })
  })
}
