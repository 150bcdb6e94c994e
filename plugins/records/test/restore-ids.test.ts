import { describe, expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF } from './helpers.js'

/**
 * The restore call by ids alone, as the specification's client sends it (issue 37): in the path,
 * or as a body list, beside `type|id`; a hostile call restores nothing.
 */
describePlugin('restore by ids alone', recordsSuite(STAFF), (site) => {
  const admin = caller(site, 'administrator')
  const manager = caller(site, 'allmanagers')
  const marketing = caller(site, 'marketing')

  const store = () => site.kernel.containerOf('records').cradle.recordStore
  const binned = async (type: string, id: string) =>
    (await store().getStored(type, id))?.binned !== null

  /** Creates webpages with these ids and moves them to the bin. */
  async function binPages(...ids: string[]): Promise<void> {
    for (const id of ids) {
      const made = await admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'webpage', id, headline: id },
      })
      expect(made.status).toBe(200)
    }
    const keys = ids.map((id) => `webpage|${id}`).join(',')
    expect((await admin({ method: 'POST', url: `/query/data/bin/${keys}` })).status).toBe(200)
  }

  it('restores by ids alone in the path, and mixed with type|id', async () => {
    await binPages('ri1', 'ri2', 'ri3')
    const res = await manager({ method: 'POST', url: '/query/data/restore/ri1,ri2' })
    expect(res.status).toBe(200)
    expect(res.body.list).toEqual([
      { type: 'webpage', id: 'ri1' },
      { type: 'webpage', id: 'ri2' },
    ])
    expect((await admin({ url: '/query/data/get/webpage/ri1' })).body.headline).toBe('ri1')
    const mixed = await manager({ method: 'POST', url: '/query/data/restore/webpage|ri3' })
    expect(mixed.status).toBe(200)
    expect(await binned('webpage', 'ri3')).toBe(false)
  })

  it('takes the ids as a body list too', async () => {
    await binPages('rb1', 'rb2', 'rb3')
    const res = await manager({
      method: 'POST',
      url: '/query/data/restore/rb1',
      payload: ['rb2', 'webpage|rb3'],
    })
    expect(res.status).toBe(200)
    expect(res.body.list).toHaveLength(3)
    for (const id of ['rb1', 'rb2', 'rb3']) expect(await binned('webpage', id)).toBe(false)
  })

  it('answers 404 for an id in no binned record, and restores none of the others', async () => {
    await binPages('rn1')
    const res = await manager({ method: 'POST', url: '/query/data/restore/rn1,nosuchid' })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('ERROR_RECORD_NOT_AVAILABLE')
    expect(await binned('webpage', 'rn1')).toBe(true)
    // A live record is not in the bin either.
    expect((await manager({ method: 'POST', url: '/query/data/restore/faq' })).body.message).toBe(
      'ERROR_RECORD_NOT_AVAILABLE',
    )
  })

  it('refuses an id that names binned records of two types, restoring nothing', async () => {
    await binPages('twin')
    const crate = await admin({
      method: 'POST',
      url: '/query/data/create',
      payload: {
        type: 'recordtype',
        id: 'crate',
        name: 'Crate',
        fields: [{ id: 'name', name: 'Name', datatype: 'text' }],
      },
    })
    expect(crate.status).toBe(200)
    const other = await admin({
      method: 'POST',
      url: '/query/data/create',
      payload: { type: 'crate', id: 'twin', name: 'Twin' },
    })
    expect(other.status).toBe(200)
    expect((await admin({ method: 'POST', url: '/query/data/bin/crate|twin' })).status).toBe(200)
    const res = await admin({ method: 'POST', url: '/query/data/restore/twin' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('ERROR_INVALID_INPUT')
    expect(res.body.reason).toMatch(/crate, webpage/)
    expect(await binned('webpage', 'twin')).toBe(true)
    expect(await binned('crate', 'twin')).toBe(true)
    // Named with its type, each comes back.
    expect((await admin({ method: 'POST', url: '/query/data/restore/crate|twin' })).status).toBe(
      200,
    )
    expect((await admin({ method: 'POST', url: '/query/data/restore/twin' })).status).toBe(200)
    expect(await binned('webpage', 'twin')).toBe(false)
  })

  it('keeps the rights: the bin security record, then delete on the type', async () => {
    await binPages('rr1')
    const res = await marketing({ method: 'POST', url: '/query/data/restore/rr1' })
    expect(res.status).toBe(403)
    expect(await binned('webpage', 'rr1')).toBe(true)
  })

  describe('refuses a hostile call with a catalogue code, restoring nothing', () => {
    const tooMany = Array.from({ length: 1001 }, (_, i) => `x${i}`)
    it.each([
      ['a body of another type', { ids: ['hb1'] }, 'ERROR_INVALID_INPUT'],
      ['a list of numbers', [1, 2], 'ERROR_INVALID_INPUT'],
      ['a list of lists', [['hb1']], 'ERROR_INVALID_INPUT'],
      ['a prototype key', JSON.parse('{"__proto__": {"polluted": true}}'), 'ERROR_INVALID_INPUT'],
      ['a prototype key in a list', JSON.parse('[{"__proto__": "hb1"}]'), 'ERROR_INVALID_INPUT'],
      ['a malformed id', ['../x'], 'ERROR_INVALID_ID'],
      ['a key with two bars', ['webpage|hb1|x'], 'ERROR_INVALID_ID'],
      ['an oversized list', tooMany, 'ERROR_INVALID_INPUT'],
      ['a list that with the path passes 1,000', tooMany.slice(1), 'ERROR_INVALID_INPUT'],
      ['a JSON string', '"hb1"', 'ERROR_JSON_BODY'],
      ['null', 'null', 'ERROR_JSON_BODY'],
    ])('%s', async (_, payload, code) => {
      if (!(await store().getStored('webpage', 'hb1'))) await binPages('hb1')
      const res = await admin({
        method: 'POST',
        url: '/query/data/restore/webpage|hb1,hb1',
        payload,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(code)
      expect(await binned('webpage', 'hb1')).toBe(true)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })

    it.each([
      ['an oversized path', `/query/data/restore/${['hb1', ...tooMany].join(',')}`],
      ['a malformed bare id', '/query/data/restore/hb1,..'],
      ['an empty part', '/query/data/restore/hb1,'],
    ])('%s', async (_, url) => {
      if (!(await store().getStored('webpage', 'hb1'))) await binPages('hb1')
      const res = await admin({ method: 'POST', url })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^ERROR_[A-Z_]+$/)
      expect(await binned('webpage', 'hb1')).toBe(true)
    })
  })
})
