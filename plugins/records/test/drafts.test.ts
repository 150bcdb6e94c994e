import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF, type Answer } from './helpers.js'

/**
 * Drafts of publishable record types (issue 39, docs/history.md "Drafts"): edits wait in a draft no
 * reader sees until it is published; saves merge field by field; a record never published exists
 * only as a draft; discard; and the refusals.
 */
/** The administrator as the services take a caller. */
const ADMIN_ENTITY = {
  type: 'employee',
  id: 'admin-1',
  email: 'boss@example.com',
  name: 'Boss',
  roles: ['administrator'],
}

describePlugin('record drafts', recordsSuite(STAFF), (site) => {
  const admin = caller(site, 'administrator')
  const marketing = caller(site, 'marketing')
  const editor = caller(site, 'marketingmanager')
  const office = caller(site, 'office')
  const anonymous = caller(site, undefined)

  const save = (who: typeof admin, key: string, changes: Record<string, unknown>) =>
    who({
      method: 'POST',
      url: `/query/data/draft/save/${key}`,
      payload: Object.entries(changes).map(([field, value]) => ({ field, value })),
    })

  async function ok(answer: Promise<Answer>): Promise<Answer['body']> {
    const res = await answer
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  it('keeps a draft from readers until it is published', async () => {
    const live = (await anonymous({ url: '/query/data/get/webpage/about' })).body
    const saved = await ok(save(marketing, 'webpage/about', { headline: 'About us (draft)' }))
    expect(saved).toMatchObject({
      record: { type: 'webpage', id: 'about', headline: 'About us (draft)', content: live.content },
      draft: { isNew: false, changed: ['headline'], actor: site.actor('marketing') },
    })
    // Readers, the page fetch and the lists see the live page only.
    expect((await anonymous({ url: '/query/data/get/webpage/about' })).body).toEqual(live)
    expect((await anonymous({ url: '/query/data/get/about?compile=1' })).body.headline).toBe(
      live.headline,
    )
    const listed = (await admin({ url: '/query/data/list/webpage?search=draft' })).body
    expect(listed.list).toEqual([])
    // Its editors see it, and the type's drafts list names it.
    const drafts = await ok(admin({ url: '/query/data/draft/list/webpage' }))
    expect(drafts.list).toEqual([
      expect.objectContaining({ id: 'about', name: 'About us (draft)', isNew: false }),
    ])
    // Without a draft, the draft get answers the live record.
    expect(await ok(admin({ url: '/query/data/draft/get/webpage/home' }))).toMatchObject({
      record: { id: 'home' },
      draft: null,
    })
  })

  it('merges saves of two people field by field, and publishes only what the draft changed', async () => {
    await ok(save(admin, 'webpage/about', { content: '<p>Drafted text</p>' }))
    const both = await ok(admin({ url: '/query/data/draft/get/webpage/about' }))
    expect(both).toMatchObject({
      record: { headline: 'About us (draft)', content: '<p>Drafted text</p>' },
      draft: { changed: ['headline', 'content'] },
    })
    // Meanwhile a field the draft did not change is changed live.
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/update/webpage/about',
        payload: [{ field: 'headline', value: 'About us, live' }],
      }),
    )
    await ok(save(marketing, 'webpage/about', { headline: 'About us, reviewed' }))
    const published = await ok(
      editor({ method: 'POST', url: '/query/data/draft/publish/webpage/about' }),
    )
    expect(published).toMatchObject({
      headline: 'About us, reviewed',
      content: '<p>Drafted text</p>',
    })
    expect((await anonymous({ url: '/query/data/get/webpage/about' })).body).toMatchObject({
      headline: 'About us, reviewed',
      content: '<p>Drafted text</p>',
    })
    expect((await ok(admin({ url: '/query/data/draft/get/webpage/about' }))).draft).toBeNull()
    const history = await ok(admin({ url: '/query/data/history/list/webpage/about' }))
    expect((history.list as Array<{ kind: string }>)[0]).toMatchObject({ kind: 'published' })
    // Nothing left to publish.
    const again = await editor({
      method: 'POST',
      url: '/query/data/draft/publish/webpage/about',
    })
    expect([again.status, again.body.message]).toEqual([404, 'ERROR_RECORD_NOT_AVAILABLE'])
  })

  it('keeps a new record as a draft only, unseen, until it is published', async () => {
    const made = await ok(
      marketing({
        method: 'POST',
        url: '/query/data/draft/create',
        payload: { type: 'webpage', id: 'launch', headline: 'Our launch', content: '<p>Soon</p>' },
      }),
    )
    expect(made).toMatchObject({ record: { id: 'launch' }, draft: { isNew: true } })
    expect((await anonymous({ url: '/query/data/get/webpage/launch' })).status).toBe(404)
    expect((await admin({ url: '/query/data/get/webpage/launch' })).status).toBe(404)
    // Its id is taken: neither another draft nor a live record may have it.
    const twice = await marketing({
      method: 'POST',
      url: '/query/data/draft/create',
      payload: { type: 'webpage', id: 'launch', headline: 'Again' },
    })
    expect([twice.status, twice.body.message]).toEqual([409, 'ERROR_RECORD_ALREADY_EXISTS'])
    // An id left out takes the next number; fields are checked as in a create.
    const numbered = await ok(
      marketing({
        method: 'POST',
        url: '/query/data/draft/create',
        payload: { type: 'webpage', headline: 'Numbered' },
      }),
    )
    expect((numbered.record as { id: string }).id).toMatch(/^[0-9A-Za-z]+$/)
    const missing = await marketing({
      method: 'POST',
      url: '/query/data/draft/create',
      payload: { type: 'webpage', id: 'noheadline' },
    })
    expect(missing.status).toBe(400)
    await ok(
      save(marketing, 'webpage/launch', { content: '<p>Today!</p><script>alert(1)</script>' }),
    )
    const cleaned = await ok(marketing({ url: '/query/data/draft/get/webpage/launch' }))
    expect((cleaned.record as { content: string }).content).toBe('<p>Today!</p>')
    await ok(editor({ method: 'POST', url: '/query/data/draft/publish/webpage/launch' }))
    expect((await anonymous({ url: '/query/data/get/webpage/launch' })).body).toMatchObject({
      headline: 'Our launch',
      content: '<p>Today!</p>',
    })
    const history = await ok(admin({ url: '/query/data/history/list/webpage/launch' }))
    expect(history.list).toEqual([expect.objectContaining({ number: 1, kind: 'created' })])
  })

  it('discards a draft; a record never published goes with it, which needs delete', async () => {
    const live = (await anonymous({ url: '/query/data/get/webpage/home' })).body
    await ok(save(marketing, 'webpage/home', { headline: 'Unwanted' }))
    expect(
      await ok(marketing({ method: 'POST', url: '/query/data/draft/discard/webpage/home' })),
    ).toEqual({ discarded: true })
    expect((await anonymous({ url: '/query/data/get/webpage/home' })).body).toEqual(live)
    expect((await ok(admin({ url: '/query/data/draft/get/webpage/home' }))).draft).toBeNull()
    await ok(
      marketing({
        method: 'POST',
        url: '/query/data/draft/create',
        payload: { type: 'webpage', id: 'scrap', headline: 'Scrap' },
      }),
    )
    // Marketing may write web pages but not delete them.
    const refused = await marketing({
      method: 'POST',
      url: '/query/data/draft/discard/webpage/scrap',
    })
    expect([refused.status, refused.body.message]).toEqual([403, 'ERROR_PERMISSION_DELETE'])
    await ok(admin({ method: 'POST', url: '/query/data/draft/discard/webpage/scrap' }))
    expect((await admin({ url: '/query/data/draft/get/webpage/scrap' })).status).toBe(404)
  })

  it('keeps a draft with its record: renamed with it, refused in the bin, gone with it', async () => {
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id: 'moving', headline: 'Moving', content: '' },
      }),
    )
    await ok(save(marketing, 'webpage/moving', { headline: 'Moving soon' }))
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/update/webpage/moving',
        payload: [{ field: 'id', value: 'moved' }],
      }),
    )
    expect((await admin({ url: '/query/data/draft/get/webpage/moving' })).status).toBe(404)
    expect(await ok(admin({ url: '/query/data/draft/get/webpage/moved' }))).toMatchObject({
      record: { headline: 'Moving soon' },
      draft: { changed: ['headline'] },
    })
    // A rename may not take an id a record never published holds in its draft.
    await ok(
      marketing({
        method: 'POST',
        url: '/query/data/draft/create',
        payload: { type: 'webpage', id: 'reserved', headline: 'Reserved' },
      }),
    )
    const taken = await admin({
      method: 'POST',
      url: '/query/data/update/webpage/moved',
      payload: [{ field: 'id', value: 'reserved' }],
    })
    expect([taken.status, taken.body.message]).toEqual([409, 'ERROR_RECORD_ALREADY_EXISTS'])
    // In the bin, the record's draft is neither shown nor saved; deleted for good, it is gone.
    await ok(admin({ method: 'POST', url: '/query/data/bin/webpage|moved' }))
    expect((await admin({ url: '/query/data/draft/get/webpage/moved' })).status).toBe(404)
    expect((await save(admin, 'webpage/moved', { headline: 'x' })).status).toBe(404)
    await ok(admin({ method: 'POST', url: '/query/data/delete/webpage|moved' }))
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id: 'moved', headline: 'A new page', content: '' },
      }),
    )
    // The new page of that id starts clean: nothing of the old one's draft.
    expect(await ok(admin({ url: '/query/data/draft/get/webpage/moved' }))).toMatchObject({
      record: { headline: 'A new page' },
      draft: null,
    })
  })

  it('publishes a scheduled draft by itself, as it stands then, noting who scheduled it', async () => {
    const schedule = (who: typeof admin, key: string, at: unknown) =>
      who({ method: 'POST', url: `/query/data/draft/schedule/${key}`, payload: { at } })
    const { draftSchedule } = site.kernel.containerOf('records').cradle
    const live = (await anonymous({ url: '/query/data/get/webpage/about-fr' })).body
    await ok(save(marketing, 'webpage/about-fr', { headline: 'À propos, bientôt' }))
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString()
    // Scheduling is publishing later: marketing may not, its manager may.
    const refused = await schedule(marketing, 'webpage/about-fr', soon)
    expect([refused.status, refused.body.message, refused.body.values]).toEqual([
      403,
      'ERROR_PERMISSION_TYPE',
      ['publish'],
    ])
    const bad: Array<[unknown, number, string]> = [
      [new Date(Date.now() - 1000).toISOString(), 400, 'at: must be later'],
      [new Date(Date.now() + 400 * 24 * 3600_000).toISOString(), 400, 'at: at most a year ahead'],
      ['tomorrow', 400, ''],
      [5, 400, ''],
    ]
    for (const [at, status, reason] of bad) {
      const res = await schedule(editor, 'webpage/about-fr', at)
      expect([at, res.status], JSON.stringify(res.body)).toEqual([at, status])
      if (reason) expect(res.body.reason).toBe(reason)
    }
    const extra = await editor({
      method: 'POST',
      url: '/query/data/draft/schedule/webpage/about-fr',
      payload: { at: soon, by: 'someone else' },
    })
    expect(extra.status).toBe(400)
    const none = await schedule(editor, 'webpage/home-fr', soon)
    expect([none.status, none.body.message]).toEqual([404, 'ERROR_RECORD_NOT_AVAILABLE'])
    expect(
      (await ok(editor({ url: '/query/data/draft/get/webpage/about-fr' }))).draft,
    ).toMatchObject({ publishAt: null, scheduledBy: null })

    const set = await ok(schedule(editor, 'webpage/about-fr', soon))
    const draft = set.draft as { publishAt: number; scheduledBy: string }
    expect(draft.publishAt).toBe(Date.parse(soon))
    expect(draft.scheduledBy).toMatch(/./)
    // A save after it changes what goes live, not when.
    await ok(save(marketing, 'webpage/about-fr', { headline: 'À propos de nous' }))
    expect(await draftSchedule.publishDue()).toBe(0)
    expect((await anonymous({ url: '/query/data/get/webpage/about-fr' })).body).toEqual(live)
    expect(await draftSchedule.publishDue(Date.parse(soon))).toBe(1)
    expect((await anonymous({ url: '/query/data/get/webpage/about-fr' })).body.headline).toBe(
      'À propos de nous',
    )
    expect((await ok(admin({ url: '/query/data/draft/get/webpage/about-fr' }))).draft).toBeNull()
    const history = await ok(admin({ url: '/query/data/history/list/webpage/about-fr' }))
    expect((history.list as Array<Record<string, unknown>>)[0]).toMatchObject({
      kind: 'published',
      actor: 'system',
      note: `scheduled by ${draft.scheduledBy}`,
    })
    expect(await draftSchedule.publishDue(Date.parse(soon) + 1)).toBe(0)

    // Cleared, it waits for a person again.
    await ok(save(marketing, 'webpage/about-fr', { headline: 'Encore' }))
    await ok(schedule(editor, 'webpage/about-fr', soon))
    expect((await ok(schedule(editor, 'webpage/about-fr', null))).draft).toMatchObject({
      publishAt: null,
    })
    expect(await draftSchedule.publishDue(Date.parse(soon) + 1)).toBe(0)
    await ok(admin({ method: 'POST', url: '/query/data/draft/discard/webpage/about-fr' }))
  })

  it('drops the time of a scheduled draft that cannot be published, and keeps the draft', async () => {
    const { draftSchedule } = site.kernel.containerOf('records').cradle
    await ok(
      editor({
        method: 'POST',
        url: '/query/data/draft/create',
        payload: { type: 'webpage', id: 'timed', headline: 'Timed' },
      }),
    )
    const soon = new Date(Date.now() + 60_000).toISOString()
    await ok(
      editor({
        method: 'POST',
        url: '/query/data/draft/schedule/webpage/timed',
        payload: { at: soon },
      }),
    )
    // A live create takes its id first: the publish would answer 409.
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id: 'timed', headline: 'Taken' },
      }),
    )
    expect(await draftSchedule.publishDue(Date.parse(soon))).toBe(0)
    const left = await site.kernel.services
      .db('record_drafts')
      .where({ type: 'webpage', id: 'timed' })
    expect(left.map((row: { publish_at: unknown }) => row.publish_at)).toEqual([null])
    expect((await anonymous({ url: '/query/data/get/webpage/timed' })).body.headline).toBe('Taken')

    // A record put in the bin after its draft was given a time: the time goes at its first run
    // (not tried again every run), the record stays in the bin; one binned before is refused.
    const publishTimes = async () =>
      (
        await site.kernel.services.db('record_drafts').where({ type: 'webpage', id: 'binned-soon' })
      ).map((row: { publish_at: unknown }) => row.publish_at)
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id: 'binned-soon', headline: 'Live', content: '' },
      }),
    )
    await ok(save(marketing, 'webpage/binned-soon', { headline: 'Live, reworded' }))
    const schedule = () =>
      editor({
        method: 'POST',
        url: '/query/data/draft/schedule/webpage/binned-soon',
        payload: { at: soon },
      })
    await ok(schedule())
    await ok(admin({ method: 'POST', url: '/query/data/bin/webpage|binned-soon' }))
    expect(await draftSchedule.publishDue(Date.parse(soon))).toBe(0)
    expect(await publishTimes()).toEqual([null])
    const refused = await schedule()
    expect(refused.status).toBe(404)
    expect(refused.body.message).toBe('ERROR_RECORD_NOT_AVAILABLE')
    expect(await publishTimes()).toEqual([null])
    await ok(admin({ method: 'POST', url: '/query/data/restore/webpage|binned-soon' }))
    expect((await anonymous({ url: '/query/data/get/webpage/binned-soon' })).body.headline).toBe(
      'Live',
    )
  })

  it('unpublishes a page: off the site, kept as a draft with its history, published again', async () => {
    const unpublish = (who: typeof admin, key: string) =>
      who({ method: 'POST', url: `/query/data/draft/unpublish/${key}` })
    const db = site.kernel.services.db
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id: 'promo', headline: 'Promo', content: '<p>Sale</p>' },
      }),
    )
    await ok(save(marketing, 'webpage/promo', { headline: 'Promo, drafted' }))
    const live = (await anonymous({ url: '/query/data/get/webpage/promo' })).body
    const versions = await db('record_versions').where({ type: 'webpage', id: 'promo' })
    expect(versions.length).toBeGreaterThan(0)
    // Who may not: a writer without publish, staff without the type, a visitor; a GET.
    const refusals: Array<[Promise<Answer>, number, string]> = [
      [unpublish(marketing, 'webpage/promo'), 403, 'ERROR_PERMISSION_TYPE'],
      [unpublish(office, 'webpage/promo'), 403, 'ERROR_PERMISSION_TYPE'],
      [unpublish(anonymous, 'webpage/promo'), 401, 'ERROR_NOT_SIGNED_IN'],
      [admin({ url: '/query/data/draft/unpublish/webpage/promo' }), 405, ''],
      [unpublish(admin, 'country/us'), 400, 'ERROR_INVALID_INPUT'],
      [unpublish(admin, 'webpage/nosuch'), 404, 'ERROR_RECORD_NOT_AVAILABLE'],
      [unpublish(admin, 'web..page/promo'), 400, 'ERROR_INVALID_ID'],
    ]
    for (const [answer, status, message] of refusals) {
      const res = await answer
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      if (message) expect(res.body.message).toBe(message)
    }
    expect((await anonymous({ url: '/query/data/get/webpage/promo' })).body).toEqual(live)

    // The manager unpublishes: the draft keeps the live fields with the draft's change over them.
    const answer = await ok(unpublish(editor, 'webpage/promo'))
    expect(answer).toMatchObject({
      record: { id: 'promo', headline: 'Promo, drafted', content: '<p>Sale</p>' },
      draft: { isNew: true, actor: site.actor('marketingmanager') },
      unpublish: null,
    })
    expect(((answer.draft as { changed: string[] }).changed ?? []).sort()).toEqual(
      expect.arrayContaining(['content', 'headline']),
    )
    for (const who of [anonymous, admin])
      expect((await who({ url: '/query/data/get/webpage/promo' })).status).toBe(404)
    expect((await anonymous({ url: '/query/data/get/promo?compile=1' })).status).toBe(404)
    const drafts = await ok(admin({ url: '/query/data/draft/list/webpage' }))
    expect(drafts.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'promo', isNew: true })]),
    )
    // Its versions stay; it is not published any more, so it cannot be unpublished again.
    expect(await db('record_versions').where({ type: 'webpage', id: 'promo' })).toHaveLength(
      versions.length,
    )
    const again = await unpublish(editor, 'webpage/promo')
    expect([again.status, again.body.message]).toEqual([404, 'ERROR_RECORD_NOT_AVAILABLE'])

    // Publish brings it back, its history continued.
    await ok(editor({ method: 'POST', url: '/query/data/draft/publish/webpage/promo' }))
    expect((await anonymous({ url: '/query/data/get/webpage/promo' })).body).toMatchObject({
      headline: 'Promo, drafted',
      content: '<p>Sale</p>',
    })
    const history = await ok(admin({ url: '/query/data/history/list/webpage/promo' }))
    expect((history.list as unknown[]).length).toBe(versions.length + 1)

    // Discarding a record unpublished takes its versions with it.
    await ok(unpublish(admin, 'webpage/promo'))
    await ok(admin({ method: 'POST', url: '/query/data/draft/discard/webpage/promo' }))
    expect(await db('record_versions').where({ type: 'webpage', id: 'promo' })).toHaveLength(0)
  })

  it('unpublishes at a time: a published page, or a launch page once it is live', async () => {
    const at = (who: typeof admin, key: string, when: unknown) =>
      who({
        method: 'POST',
        url: `/query/data/draft/schedule-unpublish/${key}`,
        payload: { at: when },
      })
    const { draftSchedule } = site.kernel.containerOf('records').cradle
    const db = site.kernel.services.db
    const rows = () => db('record_unpublish').orderBy(['type', 'id'])
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id: 'season', headline: 'Season', content: '' },
      }),
    )
    const soon = Date.now() + 60 * 60 * 1000
    const iso = (ms: number) => new Date(ms).toISOString()
    const bad: Array<[Promise<Answer>, number, string]> = [
      [at(marketing, 'webpage/season', iso(soon)), 403, 'ERROR_PERMISSION_TYPE'],
      [at(anonymous, 'webpage/season', iso(soon)), 401, 'ERROR_NOT_SIGNED_IN'],
      [at(editor, 'webpage/season', iso(Date.now() - 1000)), 400, 'ERROR_INVALID_INPUT'],
      [at(editor, 'webpage/season', iso(Date.now() + 400 * 86_400_000)), 400, ''],
      [at(editor, 'webpage/season', 'tomorrow'), 400, ''],
      [
        editor({
          method: 'POST',
          url: '/query/data/draft/schedule-unpublish/webpage/season',
          payload: { at: iso(soon), by: 'someone' },
        }),
        400,
        '',
      ],
      [at(editor, 'webpage/nosuch', iso(soon)), 404, 'ERROR_RECORD_NOT_AVAILABLE'],
      [at(admin, 'country/us', iso(soon)), 400, 'ERROR_INVALID_INPUT'],
    ]
    for (const [answer, status, message] of bad) {
      const res = await answer
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      if (message) expect(res.body.message).toBe(message)
    }
    expect(await rows()).toEqual([])

    const set = await ok(at(editor, 'webpage/season', iso(soon)))
    expect(set).toMatchObject({ draft: null, unpublish: { at: soon } })
    expect((set.unpublish as { by: string }).by).toMatch(/./)
    // Saves of the draft carry it, and it follows a rename.
    expect((await ok(save(marketing, 'webpage/season', { headline: 'Winter' }))).unpublish).toEqual(
      set.unpublish,
    )
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/update/webpage/season',
        payload: [{ field: 'id', value: 'winter' }],
      }),
    )
    expect((await ok(admin({ url: '/query/data/draft/get/webpage/winter' }))).unpublish).toEqual(
      set.unpublish,
    )
    expect(await draftSchedule.unpublishDue()).toBe(0)
    expect((await anonymous({ url: '/query/data/get/webpage/winter' })).status).toBe(200)
    expect(await draftSchedule.unpublishDue(soon)).toBe(1)
    expect((await anonymous({ url: '/query/data/get/webpage/winter' })).status).toBe(404)
    expect(await ok(admin({ url: '/query/data/draft/get/webpage/winter' }))).toMatchObject({
      record: { headline: 'Winter' },
      draft: { isNew: true, actor: 'system' },
      unpublish: null,
    })
    expect(await rows()).toEqual([])

    // A launch page: no end before it has a start, and the end after the start.
    await ok(
      editor({
        method: 'POST',
        url: '/query/data/draft/create',
        payload: { type: 'webpage', id: 'launch-week', headline: 'Launch week' },
      }),
    )
    const early = await at(editor, 'webpage/launch-week', iso(soon))
    expect([early.status, early.body.reason]).toEqual([
      400,
      'at: the record is not published; give its draft a time to publish first',
    ])
    await ok(
      editor({
        method: 'POST',
        url: '/query/data/draft/schedule/webpage/launch-week',
        payload: { at: iso(soon) },
      }),
    )
    const before = await at(editor, 'webpage/launch-week', iso(soon - 60_000))
    expect([before.status, before.body.reason]).toEqual([
      400,
      'at: must be later than it publishes',
    ])
    const end = soon + 7 * 86_400_000
    expect((await ok(at(editor, 'webpage/launch-week', iso(end)))).unpublish).toMatchObject({
      at: end,
    })
    // Its start stays before its end: cleared or moved past it, refused, nothing changed.
    for (const start of [null, iso(end), iso(end + 60_000)]) {
      const moved = await editor({
        method: 'POST',
        url: '/query/data/draft/schedule/webpage/launch-week',
        payload: { at: start },
      })
      expect(moved.status, String(start)).toBe(400)
      expect(moved.body.reason).toBe(
        `at: it unpublishes at ${iso(end)}; move or clear that time first`,
      )
    }
    expect(
      (await ok(editor({ url: '/query/data/draft/get/webpage/launch-week' }))).draft,
    ).toMatchObject({ publishAt: soon })
    expect(await draftSchedule.publishDue(soon)).toBe(1)
    expect(await draftSchedule.unpublishDue(soon)).toBe(0)
    expect((await anonymous({ url: '/query/data/get/webpage/launch-week' })).status).toBe(200)
    expect(await draftSchedule.unpublishDue(end)).toBe(1)
    expect((await anonymous({ url: '/query/data/get/webpage/launch-week' })).status).toBe(404)

    // Cleared, it stays; a record in the bin at its time loses the time and stays in the bin.
    await ok(
      admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id: 'binned-later', headline: 'Bin', content: '' },
      }),
    )
    await ok(at(editor, 'webpage/binned-later', iso(soon)))
    expect((await ok(at(editor, 'webpage/binned-later', null))).unpublish).toBeNull()
    expect(await draftSchedule.unpublishDue(soon)).toBe(0)
    await ok(at(editor, 'webpage/binned-later', iso(soon)))
    await ok(admin({ method: 'POST', url: '/query/data/bin/webpage|binned-later' }))
    expect(await draftSchedule.unpublishDue(soon)).toBe(0)
    expect(await rows()).toEqual([])
    await ok(admin({ method: 'POST', url: '/query/data/restore/webpage|binned-later' }))
    expect((await anonymous({ url: '/query/data/get/webpage/binned-later' })).status).toBe(200)
  })

  it('issues preview links to who may read the draft, keeping only their hash', async () => {
    await ok(save(marketing, 'webpage/home', { headline: 'Home (draft)' }))
    const before = Date.now()
    const link = await ok(
      marketing({ method: 'POST', url: '/query/data/draft/preview/webpage/home' }),
    )
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(link.expiresAt).toBeGreaterThanOrEqual(before + 59 * 60_000)
    expect(link.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000)
    // This site serves no storefront: no page shows the record.
    expect(link.href).toBeNull()
    const { recordPreviews } = site.kernel.services
    expect(await recordPreviews.open(link.token as string)).toEqual({
      type: 'webpage',
      id: 'home',
    })
    const rows = await site.kernel.services.db('record_previews').select()
    expect(JSON.stringify(rows)).not.toContain(link.token)
    expect(rows).toContainEqual(
      expect.objectContaining({ type: 'webpage', id: 'home', actor: site.actor('marketing') }),
    )
    // Malformed, unknown and expired tokens open nothing; expired ones are pruned.
    expect(await recordPreviews.open('x'.repeat(43))).toBeNull()
    expect(await recordPreviews.open('../../etc/passwd')).toBeNull()
    expect(
      await recordPreviews.open(link.token as string, (link.expiresAt as number) + 1),
    ).toBeNull()
    expect(await recordPreviews.prune((link.expiresAt as number) + 1)).toBeGreaterThanOrEqual(1)
    expect(await recordPreviews.open(link.token as string)).toBeNull()

    const refusals: Array<[Promise<Answer>, number, string]> = [
      [
        anonymous({ method: 'POST', url: '/query/data/draft/preview/webpage/home' }),
        401,
        'ERROR_NOT_SIGNED_IN',
      ],
      [
        office({ method: 'POST', url: '/query/data/draft/preview/webpage/home' }),
        403,
        'ERROR_PERMISSION_TYPE',
      ],
      [
        admin({ method: 'POST', url: '/query/data/draft/preview/country/us' }),
        400,
        'ERROR_INVALID_INPUT',
      ],
      [
        admin({ method: 'POST', url: '/query/data/draft/preview/webpage/nosuch' }),
        404,
        'ERROR_RECORD_NOT_AVAILABLE',
      ],
      [
        admin({ method: 'POST', url: '/query/data/draft/preview/web..page/x' }),
        400,
        'ERROR_INVALID_ID',
      ],
      [admin({ url: '/query/data/draft/preview/webpage/home' }), 405, ''],
    ]
    const count = (await site.kernel.services.db('record_previews').count({ n: '*' }))[0]
    for (const [answer, status, message] of refusals) {
      const res = await answer
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      if (message) expect(res.body.message).toBe(message)
    }
    expect((await site.kernel.services.db('record_previews').count({ n: '*' }))[0]).toEqual(count)
  })

  it('tells each editor who else has the draft open, and when the draft changed', async () => {
    const beat = (who: typeof admin, tab: string, leaving?: boolean) =>
      who({
        method: 'POST',
        url: '/query/data/draft/editing/webpage/about',
        payload: { tab, ...(leaving === undefined ? {} : { leaving }) },
      })
    expect(await ok(beat(marketing, 'marketing-tab-1'))).toMatchObject({ editors: [] })
    const seen = await ok(beat(editor, 'editor-tab-1'))
    expect(seen.editors).toEqual([
      { name: expect.any(String), self: false, since: expect.any(Number) },
    ])
    // The same person in a second tab is told it is them.
    await ok(beat(marketing, 'marketing-tab-2'))
    const both = (await ok(beat(marketing, 'marketing-tab-1'))).editors as Array<{ self: boolean }>
    expect(both.map((each) => each.self).sort()).toEqual([false, true])
    // A save shows in the others' next answer as a new revision.
    const before = (await ok(beat(editor, 'editor-tab-1'))).draft as { revision: number } | null
    await ok(save(marketing, 'webpage/about', { headline: 'About, edited together' }))
    const after = (await ok(beat(editor, 'editor-tab-1'))).draft as {
      revision: number
      actorName: string
    }
    expect(after.revision).toBeGreaterThan(before?.revision ?? 0)
    // Someone else's tab id is not theirs to move or close.
    await ok(beat(editor, 'marketing-tab-2', true))
    expect(((await ok(beat(editor, 'editor-tab-1'))).editors as unknown[]).length).toBe(2)
    // Leaving, and going silent, take an editor off the list.
    await ok(beat(marketing, 'marketing-tab-2', true))
    expect(((await ok(beat(editor, 'editor-tab-1'))).editors as unknown[]).length).toBe(1)
    const { draftEditors } = site.kernel.containerOf('records').cradle
    const later = Date.now() + 60_000
    await draftEditors.beat(ADMIN_ENTITY, 'webpage', 'about', 'admin-tab-1', false, later)
    expect(
      (await draftEditors.beat(ADMIN_ENTITY, 'webpage', 'about', 'admin-tab-1', false, later))
        .editors,
    ).toEqual([])

    const editorRows = async () =>
      (await site.kernel.services.db('record_editors').select(['type', 'id', 'tab', 'seen_at']))
        .map((row) => JSON.stringify(row))
        .sort()
    const rowsBefore = await editorRows()
    const refusals: Array<[Promise<Answer>, number, string]> = [
      [beat(anonymous, 'anonymous-tab'), 401, 'ERROR_NOT_SIGNED_IN'],
      [beat(office, 'office-tab-1'), 403, 'ERROR_PERMISSION_TYPE'],
      [beat(admin, 'short'), 400, 'ERROR_INVALID_INPUT'],
      [beat(admin, '../../../etc'), 400, 'ERROR_INVALID_INPUT'],
      [
        admin({
          method: 'POST',
          url: '/query/data/draft/editing/webpage/about',
          payload: { tab: 'admin-tab-2', extra: 1 },
        }),
        400,
        'ERROR_INVALID_INPUT',
      ],
      [
        admin({
          method: 'POST',
          url: '/query/data/draft/editing/country/us',
          payload: { tab: 'admin-tab-2' },
        }),
        400,
        'ERROR_INVALID_INPUT',
      ],
    ]
    for (const [answer, status, message] of refusals) {
      const res = await answer
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      expect(res.body.message).toBe(message)
    }
    // Refused, nobody's presence was written nor moved.
    expect(await editorRows()).toEqual(rowsBefore)
  })

  it('keeps pictures with their alternative text and tables in rich text, cleaned', async () => {
    const content =
      '<p><img src="/query/drive/load/public/mug.png" alt="A blue mug" onerror="x()"></p>' +
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"></colgroup><tbody>' +
      '<tr><th colspan="1" rowspan="1"><p>Size</p></th></tr><tr><td colspan="1" rowspan="1"><p>S</p></td></tr></tbody></table>'
    const saved = await ok(save(admin, 'webpage/about', { content }))
    expect((saved.record as { content: string }).content).toBe(
      '<p><img src="/query/drive/load/public/mug.png" alt="A blue mug" /></p>' +
        '<table><tbody><tr><th colspan="1" rowspan="1"><p>Size</p></th></tr><tr><td colspan="1" rowspan="1"><p>S</p></td></tr></tbody></table>',
    )
    const refused = await save(admin, 'webpage/about', { content: '<p><img src="/b.png"></p>' })
    expect([refused.status, refused.body.reason]).toEqual([
      400,
      'content: every picture needs its alternative text (alt)',
    ])
    await ok(admin({ method: 'POST', url: '/query/data/draft/discard/webpage/about' }))
  })

  it('refuses callers without the right, types without drafts and bad saves, changing nothing', async () => {
    await ok(save(admin, 'webpage/home', { headline: 'Kept draft' }))
    const before = await ok(admin({ url: '/query/data/draft/get/webpage/home' }))
    const live = await ok(anonymous({ url: '/query/data/get/webpage/home' }))
    const refusals: Array<[Promise<Answer>, number, string]> = [
      [anonymous({ url: '/query/data/draft/get/webpage/home' }), 401, 'ERROR_NOT_SIGNED_IN'],
      [office({ url: '/query/data/draft/get/webpage/home' }), 403, 'ERROR_PERMISSION_TYPE'],
      [save(office, 'webpage/home', { headline: 'x' }), 403, 'ERROR_PERMISSION_TYPE'],
      [
        office({ method: 'POST', url: '/query/data/draft/publish/webpage/home' }),
        403,
        'ERROR_PERMISSION_TYPE',
      ],
      // Marketing drafts but does not publish: not through the draft, nor round it.
      [
        marketing({ method: 'POST', url: '/query/data/draft/publish/webpage/home' }),
        403,
        'ERROR_PERMISSION_TYPE',
      ],
      [
        marketing({
          method: 'POST',
          url: '/query/data/update/webpage/home',
          payload: [{ field: 'headline', value: 'Round the draft' }],
        }),
        403,
        'ERROR_PERMISSION_TYPE',
      ],
      [save(admin, 'country/us', { name: 'x' }), 400, 'ERROR_INVALID_INPUT'],
      [save(admin, 'webpage/home', { id: 'renamed' }), 400, 'ERROR_INVALID_INPUT'],
      [save(admin, 'webpage/home', { headline: '' }), 400, 'ERROR_INPUT_VALUE_REQUIRED'],
      [save(admin, 'webpage/home', { '__proto__.x': 1 }), 400, 'ERROR_INVALID_INPUT'],
      [save(admin, 'webpage/home', { nosuchfield: 1 }), 400, 'ERROR_INVALID_INPUT'],
      // A picture must say what it shows (docs/admin.md, "Rich text").
      [
        save(admin, 'webpage/home', { content: '<p><img src="/a.png"></p>' }),
        400,
        'ERROR_INVALID_INPUT',
      ],
      [
        save(admin, 'webpage/home', { content: '<p><img src="/a.png" alt=" "></p>' }),
        400,
        'ERROR_INVALID_INPUT',
      ],
      [save(admin, 'webpage/nosuch', { headline: 'x' }), 404, 'ERROR_RECORD_NOT_AVAILABLE'],
      [admin({ url: '/query/data/draft/get/web..page/home' }), 400, 'ERROR_INVALID_ID'],
      [admin({ url: '/query/data/draft/publish/webpage/home' }), 405, ''],
    ]
    for (const [answer, status, message] of refusals) {
      const res = await answer
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      if (message) expect(res.body.message).toBe(message)
    }
    const malformed = await site.call('administrator', {
      method: 'POST',
      url: '/query/data/draft/save/webpage/home',
      payload: '[{"field": "headline", "value": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(await ok(admin({ url: '/query/data/draft/get/webpage/home' }))).toEqual(before)
    expect(await ok(anonymous({ url: '/query/data/get/webpage/home' }))).toEqual(live)
  })
})
