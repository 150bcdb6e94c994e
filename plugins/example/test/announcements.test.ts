import { beforeAll, expect, it } from 'vitest'
import type { RecordData } from '@shopwright/core'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { AnnouncementRow, CurrentAnnouncement } from '../src/index.js'
import { DISMISSALS_TABLE } from '../src/index.js'
import { addAnnouncement, EXAMPLE_SUITE, hoursFromNow, type Person, type Reply } from './helpers.js'

// The limit comes from the setting: two at most, whatever is live.
const SUITE = { ...EXAMPLE_SUITE, config: { settings: { announcementLimit: 2 } } }

describePlugin('announcements', SUITE, (site) => {
  const as = (person: Person | null) => person ?? undefined
  const current = async (person: Person | null = null) => {
    const reply = await site.call(as(person), { url: '/query/announcements/current' })
    expect(reply.statusCode).toBe(200)
    return reply.json<CurrentAnnouncement[]>().map((each) => each.id)
  }
  const publish = (person: Person | null, id: string, payload: unknown = { published: true }) =>
    site.call(as(person), {
      method: 'POST',
      url: `/query/announcements/publish/${id}`,
      payload,
    })
  const dismiss = (person: Person | null, id: string) =>
    site.call(as(person), { method: 'POST', url: `/query/announcements/dismiss/${id}` })
  const stored = (id: string) =>
    site.kernel.services.records.findFresh('announcement', id) as Promise<RecordData>
  const logOf = async (id: string) =>
    (
      await site.kernel
        .containerOf('records')
        .cradle.appLog.list({ name: `announcement.${id}`, limit: 10 })
    ).map((line) => `${line.message} by ${line.actor}`)
  const refused = (reply: Reply, status: number, code: string) => {
    expect({ status: reply.statusCode, code: codeOf(reply) }).toEqual({ status, code })
  }

  beforeAll(async () => {
    await addAnnouncement(site.kernel, 'draft', { starts: hoursFromNow(-0.5) })
    await addAnnouncement(site.kernel, 'live1', { published: true, starts: hoursFromNow(-3) })
    await addAnnouncement(site.kernel, 'live2', { published: true, starts: hoursFromNow(-2) })
    await addAnnouncement(site.kernel, 'live3', { published: true, starts: hoursFromNow(-1) })
    await addAnnouncement(site.kernel, 'later', { published: true, starts: hoursFromNow(5) })
    await addAnnouncement(site.kernel, 'ended', { published: true, ends: hoursFromNow(-1) })
    await addAnnouncement(site.kernel, 'over', { ends: hoursFromNow(-1) })
  })

  it('seeds the announcement record type and its security record', async () => {
    const type = await site.kernel.services.records.find('recordtype', 'announcement')
    expect(type?.security).toBe('announcement')
    const security = await site.kernel.services.records.find('security', 'announcement')
    expect(security?.access).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: 'marketing', edit: true })]),
    )
  })

  it('answers anyone the live announcements, newest first, up to ANNOUNCEMENT_LIMIT', async () => {
    expect(await current()).toEqual(['live3', 'live2'])
    const [first] = (await site.call(undefined, { url: '/query/announcements/current' })).json<
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
      await site.call('customer', { url: '/query/data/get/announcement/draft' }),
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
    const rows = await site.kernel.services.db(DISMISSALS_TABLE).where({ announcement: 'live3' })
    expect(rows).toHaveLength(1)
  })

  it('refuses a dismissal by nobody, of an ended or unknown one, and changes nothing', async () => {
    refused(await dismiss(null, 'live2'), 401, 'ERROR_NOT_SIGNED_IN')
    refused(await dismiss('customer', 'ended'), 410, 'ERROR_ANNOUNCEMENT_EXPIRED')
    refused(await dismiss('customer', 'later'), 404, 'ERROR_RECORD_NOT_AVAILABLE')
    refused(await dismiss('customer', 'nothing'), 404, 'ERROR_RECORD_NOT_AVAILABLE')
    for (const id of ['live2', 'ended', 'later']) expect((await stored(id)).dismissals).toBe(0)
    expect(
      await site.kernel.services.db(DISMISSALS_TABLE).whereNot({ announcement: 'live3' }),
    ).toEqual([])
  })

  it('keeps the count the server’s: an edit through the record calls cannot set it', async () => {
    const reply = await site.call('marketer', {
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
    const reply = await site.call('supporter', { url: '/query/announcements/list' })
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
      await site.call('customer', { url: '/query/announcements/list' }),
      403,
      'ERROR_ACCESS_DENIED',
    )
    refused(
      await site.call(undefined, { url: '/query/announcements/list' }),
      401,
      'ERROR_NOT_SIGNED_IN',
    )
  })

  it("drops the plugin's rows with the record when it is deleted for good", async () => {
    const { records } = site.kernel.services
    const admin = { type: 'employee', id: 'admin', roles: ['administrator'] }
    await records.bin(admin, [{ type: 'announcement', id: 'live3' }])
    expect(await current('customer')).toEqual(['live2', 'live1'])
    await records.remove(admin, [{ type: 'announcement', id: 'live3' }])
    expect(
      await site.kernel.services.db(DISMISSALS_TABLE).where({ announcement: 'live3' }),
    ).toEqual([])
  })
})
