import { beforeAll, expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import plugin, { type __TITLE__Row } from '../src/index.js'

// SQLite always; MariaDB too when SW_TEST_MYSQL_URL names one (mysql://root@127.0.0.1:3306/test).
// The site starts seeded: the plugin's record type and security record, as a start inserts them.
describePlugin('the __NAME__ plugin', { plugins: [records, plugin] }, (site) => {
  beforeAll(async () => {
    const add = (id: string, published: boolean) =>
      site.kernel.services.records.create(SYSTEM_ACTOR, {
        type: '__NAME__',
        id,
        title: `Title ${id}`,
        message: 'Hello',
        published,
      })
    await add('first', true)
    await add('draft', false)
    // More drafts than the list answers, before `first` in id order: the list still finds it.
    await site.kernel.services.records.createMany(
      SYSTEM_ACTOR,
      Array.from({ length: 150 }, (_, n) => ({
        type: '__NAME__',
        id: `d${String(n).padStart(3, '0')}`,
        title: `Draft ${n}`,
        published: false,
      })),
    )
  })

  const like = (id: string) =>
    site.call(undefined, { method: 'POST', url: `/query/__NAME__/like/${id}` })

  it('lists the published records with their likes, and counts each like', async () => {
    expect((await like('first')).statusCode).toBe(200)
    expect((await like('first')).json()).toEqual({ id: 'first', likes: 2 })
    const list = await site.call(undefined, { url: '/query/__NAME__/list' })
    expect(list.statusCode).toBe(200)
    expect(list.json<__TITLE__Row[]>()).toEqual([
      { id: 'first', title: 'Title first', message: 'Hello', likes: 2 },
    ])
  })

  it('refuses drafts, unknown records and malformed ids, and reads are not changes', async () => {
    expect((await like('draft')).json()).toMatchObject({ message: 'ERROR_RECORD_NOT_AVAILABLE' })
    expect((await like('missing')).statusCode).toBe(404)
    expect((await like('no%20such')).json()).toMatchObject({ message: 'ERROR_INVALID_ID' })
    const get = await site.call(undefined, { url: '/query/__NAME__/like/first' })
    expect(get.statusCode).not.toBe(200)
  })
})
