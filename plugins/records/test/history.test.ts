import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF, type Answer } from './helpers.js'

interface Summary {
  number: number
  kind: string
  time: number
  actor: string
  actorName: string
  note: string
  recordVersion: number
}

/**
 * Version history (issue 39, docs/history.md): the versions people's writes keep, merged while one
 * person keeps saving, the state before history kept when first replaced, comparison field by
 * field, restore as a new version, retention, and who may read it.
 */
describePlugin('record history', recordsSuite(STAFF), (site) => {
  const admin = caller(site, 'administrator')
  // Writes web pages live, which needs publish (docs/history.md, "Who may publish").
  const marketing = caller(site, 'marketingmanager')
  const office = caller(site, 'office')
  const anonymous = caller(site, undefined)
  const db = () => site.kernel.services.db

  async function update(who: typeof admin, key: string, changes: Record<string, unknown>) {
    const res = await who({
      method: 'POST',
      url: `/query/data/update/${key}`,
      payload: Object.entries(changes).map(([field, value]) => ({ field, value })),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  async function versions(key: string, query = ''): Promise<Answer['body'] & { list: Summary[] }> {
    const res = await admin({ url: `/query/data/history/list/${key}${query}` })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as Answer['body'] & { list: Summary[] }
  }

  /** How many versions of a record the table holds, whatever the calls answer. */
  async function stored(type: string, id: string): Promise<number> {
    const [row] = (await db()('record_versions').where({ type, id }).count('* as n')) as Array<{
      n: number | string
    }>
    return Number(row!.n)
  }

  /** Makes the newest version look older, as if its person had stopped saving a while ago. */
  async function age(type: string, id: string, minutes: number) {
    const [newest] = (await db()('record_versions')
      .where({ type, id })
      .orderBy('number', 'desc')
      .limit(1)) as Array<{ number: number }>
    await db()('record_versions')
      .where({ type, id, number: newest!.number })
      .update({ saved_at: Date.now() - minutes * 60_000 })
  }

  it('keeps a created version, merges one person’s saves, and starts another for someone else', async () => {
    const made = await marketing({
      method: 'POST',
      url: '/query/data/create',
      payload: { type: 'webpage', id: 'hist', headline: 'Opening', content: '<p>One</p>' },
    })
    expect(made.status).toBe(200)
    let page = await versions('webpage/hist')
    expect(page.list).toEqual([
      expect.objectContaining({
        number: 1,
        kind: 'created',
        actor: site.actor('marketingmanager'),
      }),
    ])
    expect(page.list[0]!.actorName).not.toBe('')
    // Autosave: three saves by the same person a moment apart are one version, the last body.
    await update(marketing, 'webpage/hist', { headline: 'Opening hours' })
    await update(marketing, 'webpage/hist', { headline: 'Opening hours today' })
    page = await versions('webpage/hist')
    expect(page.list.map((each) => each.kind)).toEqual(['saved', 'created'])
    await update(marketing, 'webpage/hist', { content: '<p>One and two</p>' })
    page = await versions('webpage/hist')
    expect(page.list).toHaveLength(2)
    expect(page.list[0]!.recordVersion).toBe(page.recordVersion)
    // Someone else's save is a version of its own; so is the same person's after a pause.
    await update(admin, 'webpage/hist', { headline: 'Hours' })
    await age('webpage', 'hist', 11)
    await update(admin, 'webpage/hist', { headline: 'Our hours' })
    page = await versions('webpage/hist')
    expect(page.list.map((each) => [each.number, each.kind])).toEqual([
      [4, 'saved'],
      [3, 'saved'],
      [2, 'saved'],
      [1, 'created'],
    ])
    const second = await admin({ url: '/query/data/history/get/webpage/hist/2' })
    expect(second.body).toMatchObject({
      number: 2,
      record: {
        type: 'webpage',
        id: 'hist',
        headline: 'Opening hours today',
        content: '<p>One and two</p>',
      },
    })
  })

  it('keeps a seeded record as it was when a person first changes it', async () => {
    const before = (await admin({ url: '/query/data/get/webpage/about' })).body
    expect((await versions('webpage/about')).list).toEqual([])
    await update(marketing, 'webpage/about', { headline: 'About us' })
    const page = await versions('webpage/about')
    expect(page.list.map((each) => [each.number, each.kind, each.actor])).toEqual([
      [2, 'saved', site.actor('marketingmanager')],
      [1, 'earlier', 'unknown'],
    ])
    const earlier = await admin({ url: '/query/data/history/get/webpage/about/1' })
    expect(earlier.body.record).toEqual(before)
  })

  it('compares two versions field by field, rich text as readable words', async () => {
    const diff = await admin({ url: '/query/data/history/diff/webpage/hist/1/current' })
    expect(diff.status, JSON.stringify(diff.body)).toBe(200)
    const fields = diff.body.fields as Array<{
      field: string
      name: string
      before: unknown
      after: unknown
      parts?: Array<{ value: string; added?: boolean; removed?: boolean }>
    }>
    expect(fields.map((each) => each.field)).toEqual(['headline', 'content'])
    expect(fields[0]).toMatchObject({ name: 'Headline', before: 'Opening', after: 'Our hours' })
    const content = fields[1]!
    expect(content.before).toBe('<p>One</p>')
    // The words, not the tags: "One" kept, "and two" added.
    expect(content.parts?.map((part) => part.value).join('')).toBe('One and two')
    expect(content.parts?.filter((part) => part.added).map((part) => part.value.trim())).toEqual([
      'and two',
    ])
    expect(content.parts?.some((part) => part.value.includes('<p>'))).toBe(false)
    // Nothing differs between a version and itself.
    const same = await admin({ url: '/query/data/history/diff/webpage/hist/4/current' })
    expect(same.body.fields).toEqual([])
  })

  it('restores a web page’s version as its draft; publishing it keeps a version', async () => {
    // Web pages are publishable: a version comes back as the draft, the live page unchanged.
    const restored = await marketing({
      method: 'POST',
      url: '/query/data/history/restore/webpage/hist/1',
    })
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body).toMatchObject({ headline: 'Opening', content: '<p>One</p>' })
    expect((await anonymous({ url: '/query/data/get/webpage/hist' })).body).toMatchObject({
      headline: 'Our hours',
    })
    const draft = await marketing({ url: '/query/data/draft/get/webpage/hist' })
    expect(draft.body).toMatchObject({
      record: { headline: 'Opening', content: '<p>One</p>' },
      draft: { isNew: false, changed: expect.arrayContaining(['headline', 'content']) },
    })
    expect((await versions('webpage/hist')).list).toHaveLength(4)
    const published = await marketing({
      method: 'POST',
      url: '/query/data/draft/publish/webpage/hist',
    })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect((await anonymous({ url: '/query/data/get/webpage/hist' })).body).toMatchObject({
      headline: 'Opening',
      content: '<p>One</p>',
    })
    const page = await versions('webpage/hist')
    expect(page.list[0]).toMatchObject({ number: 5, kind: 'published' })
    expect(page.list[1]).toMatchObject({ number: 4 })
    // A save right after a publish is a version of its own: the publish stays one step.
    await update(marketing, 'webpage/hist', { headline: 'Opening again' })
    expect((await versions('webpage/hist')).list[0]).toMatchObject({ number: 6, kind: 'saved' })
  })

  it('restores a version of a type without drafts at once, as a new version', async () => {
    const made = await admin({
      method: 'POST',
      url: '/query/data/create',
      payload: { type: 'country', id: 'zz', name: 'Zedland' },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    await update(admin, 'country/zz', { name: 'Zedland Republic' })
    await age('country', 'zz', 11)
    await update(admin, 'country/zz', { name: 'Zedlandia' })
    const restored = await admin({
      method: 'POST',
      url: '/query/data/history/restore/country/zz/1',
    })
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect((await admin({ url: '/query/data/get/country/zz' })).body.name).toBe('Zedland')
    expect(
      (await versions('country/zz')).list.map((each) => [each.number, each.kind, each.note]),
    ).toEqual([
      [4, 'restored', 'version 1'],
      [3, 'saved', ''],
      [2, 'saved', ''],
      [1, 'created', ''],
    ])
  })

  it('pages the history newest first', async () => {
    await marketing({
      method: 'POST',
      url: '/query/data/create',
      payload: { type: 'webpage', id: 'many', headline: 'v1', content: '' },
    })
    // Different people alternate, so no two saves merge.
    for (let n = 2; n <= 7; n++)
      await update(n % 2 ? marketing : admin, 'webpage/many', { headline: `v${n}` })
    const first = await versions('webpage/many', '?limit=3')
    expect(first.list.map((each) => each.number)).toEqual([7, 6, 5])
    expect(first.next).toBe(5)
    const second = await versions('webpage/many', '?limit=3&before=5')
    expect(second.list.map((each) => each.number)).toEqual([4, 3, 2])
    const last = await versions('webpage/many', '?limit=3&before=2')
    expect(last.list.map((each) => each.number)).toEqual([1])
    expect(last.next).toBeNull()
  })

  it('follows a rename, and drops the versions of a record deleted for good', async () => {
    await update(marketing, 'webpage/many', { id: 'many2' })
    const moved = await versions('webpage/many2')
    expect(moved.list[0]).toMatchObject({ number: 8, kind: 'renamed', note: 'renamed from many' })
    expect(moved.list).toHaveLength(8)
    expect(await stored('webpage', 'many')).toBe(0)
    // The bin keeps them; deleting for good drops them.
    expect((await admin({ method: 'POST', url: '/query/data/bin/webpage|many2' })).status).toBe(200)
    expect((await admin({ url: '/query/data/history/list/webpage/many2' })).status).toBe(404)
    expect(await stored('webpage', 'many2')).toBe(8)
    expect((await admin({ method: 'POST', url: '/query/data/delete/webpage|many2' })).status).toBe(
      200,
    )
    expect(await stored('webpage', 'many2')).toBe(0)
  })

  it('keeps as many versions as the type says, none for 0 or for people, and prunes by days', async () => {
    expect(
      (await update(admin, 'recordtype/webpage', { historycount: 3, historydays: 30 }))
        .historycount,
    ).toBe(3)
    for (let n = 1; n <= 4; n++)
      await update(n % 2 ? marketing : admin, 'webpage/home', { headline: `Home ${n}` })
    const kept = await versions('webpage/home')
    expect(kept.list.map((each) => each.number)).toEqual([5, 4, 3])
    // Versions older than the type's days go in the daily prune.
    await age('webpage', 'home', 31 * 24 * 60)
    const pruned = await site.kernel.services.recordHistory.prune()
    expect(pruned).toBeGreaterThanOrEqual(1)
    expect((await versions('webpage/home')).list.map((each) => each.number)).toEqual([4, 3])
    // Count 0: no more versions, and the prune drops those there were.
    await update(admin, 'recordtype/webpage', { historycount: 0 })
    await update(marketing, 'webpage/home', { headline: 'Home again' })
    expect((await versions('webpage/home')).list.map((each) => each.number)).toEqual([4, 3])
    await site.kernel.services.recordHistory.prune()
    expect((await versions('webpage/home')).list).toEqual([])
    await update(admin, 'recordtype/webpage', { historycount: null, historydays: null })
    // People's accounts keep none, whatever their type says.
    const people = (await admin({ url: '/query/data/list/employee' })).body.list as Array<{
      id: string
    }>
    await update(admin, `employee/${people[0]!.id}`, { name: 'Renamed Person' })
    expect(
      (await admin({ url: `/query/data/history/list/employee/${people[0]!.id}` })).body.list,
    ).toEqual([])
  })

  it('lets only those who may edit the type read its history', async () => {
    // Everybody may view a web page; its older versions are its editors' alone.
    expect((await anonymous({ url: '/query/data/history/list/webpage/hist' })).status).toBe(401)
    expect((await office({ url: '/query/data/history/list/webpage/hist' })).status).toBe(403)
    expect((await office({ url: '/query/data/history/diff/webpage/hist/1/2' })).status).toBe(403)
    const refused = await office({
      method: 'POST',
      url: '/query/data/history/restore/webpage/hist/1',
    })
    expect(refused.status).toBe(403)
    expect((await anonymous({ url: '/query/data/get/webpage/hist' })).body.headline).toBe(
      'Opening again',
    )
    expect((await marketing({ url: '/query/data/history/list/webpage/hist' })).status).toBe(200)
  })

  it('refuses bad numbers and missing versions with catalogue errors, and changes nothing', async () => {
    const before = await versions('webpage/hist')
    for (const url of [
      '/query/data/history/get/webpage/hist/0',
      '/query/data/history/get/webpage/hist/abc',
      '/query/data/history/get/webpage/hist/99999999999',
      '/query/data/history/diff/webpage/hist/1/now',
      '/query/data/history/list/webpage/hist?limit=0',
      '/query/data/history/list/webpage/hist?before=-1',
    ]) {
      const res = await admin({ url })
      expect(res.status, url).toBe(400)
      expect(res.body.message, url).toBe('ERROR_INVALID_INTEGER')
    }
    const missing = await admin({ url: '/query/data/history/get/webpage/hist/999' })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('ERROR_RECORD_NOT_AVAILABLE')
    const restore = await admin({
      method: 'POST',
      url: '/query/data/history/restore/webpage/hist/999',
    })
    expect(restore.status).toBe(404)
    expect((await admin({ url: '/query/data/history/list/webpage/nosuch' })).status).toBe(404)
    const tricked = await admin({ url: '/query/data/history/list/web..page/hist' })
    expect([tricked.status, tricked.body.message]).toEqual([400, 'ERROR_INVALID_ID'])
    // A GET cannot restore.
    expect((await admin({ url: '/query/data/history/restore/webpage/hist/1' })).status).toBe(405)
    expect(await versions('webpage/hist')).toEqual(before)
  })
})
