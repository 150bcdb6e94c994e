import { expect, it, vi } from 'vitest'
import { codeOf, describePlugin, inject } from '@shopwright/core/testing'
import type { LogLine, LogPage, LogPart } from '../src/index.js'
import { LOG_TABLE } from '../src/index.js'
import { addPage, call, LOG_SUITE, page } from './helpers.js'

const kinds = (line: LogLine | undefined) => line?.message.map((part) => part.kind)
const partOf = <K extends LogPart['kind']>(line: LogLine | undefined, kind: K) =>
  line?.message.find((part): part is Extract<LogPart, { kind: K }> => part.kind === kind)

describePlugin('the log', LOG_SUITE, (site) => {
  /**
   * A change the log is to show: a POST as the manager that must answer 200, then the log's first
   * page as the manager reads it.
   */
  const postAsManager = async (url: string, payload?: unknown): Promise<LogPage> => {
    const reply = await call(site.kernel, site.cookie('manager'), { method: 'POST', url, payload })
    expect(reply.statusCode, reply.body).toBe(200)
    return page(site.kernel, site.cookie('manager'))
  }

  it('shows a record change with who made it, newest first, as a record line', async () => {
    const answer = await postAsManager('/query/data/create', {
      type: 'webpage',
      id: 'faq',
      headline: 'FAQ',
    })
    expect(answer.pagesize).toBe(50)
    expect(answer.list[0]).toMatchObject({
      level: 'info',
      source: 'record',
      type: 'webpage',
      name: 'webpage.faq',
      actor: site.actor('manager'),
      message: [{ kind: 'text', text: 'created' }],
    })
    expect(Date.parse(answer.list[0]!.time)).toBeGreaterThan(Date.now() - 60_000)
    // The seeds' lines are there too, by the system, older.
    expect(answer.list.some((line) => line.actor === 'system')).toBe(true)
    const ids = answer.list.map((line) => Number(line.id))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it('keeps a change and its line together: a line that cannot be written undoes the change', async () => {
    await site.kernel.services.db.schema.renameTable(LOG_TABLE, 'log_lines_away')
    try {
      await expect(addPage(site.kernel, 'lost')).rejects.toThrow()
    } finally {
      await site.kernel.services.db.schema.renameTable('log_lines_away', LOG_TABLE)
    }
    expect(await site.kernel.services.records.find('webpage', 'lost')).toBeNull()
    await addPage(site.kernel, 'kept')
    expect(
      (await page(site.kernel, site.cookie('manager'), '/query/log/list/webpage.kept')).list,
    ).toHaveLength(1)
  })

  it('keeps a 500 with its stack and cause, by the request that failed', async () => {
    const failed = await call(site.kernel, site.cookie('manager'), { url: '/query/probe/fail' })
    expect(failed.statusCode).toBe(500)
    await site.kernel.services.log.flush()
    const [line] = (await page(site.kernel, site.cookie('manager'), '/query/log/list?level=error'))
      .list
    expect(line).toMatchObject({
      level: 'error',
      source: 'server',
      type: 'server',
      name: 'server.kernel',
      actor: 'system',
    })
    expect(kinds(line)).toEqual(['text', 'error', 'stack', 'error', 'stack', 'context'])
    expect(line!.message[0]).toEqual({ kind: 'text', text: 'request failed' })
    expect(line!.message[1]).toMatchObject({
      kind: 'error',
      name: 'Error',
      message: 'the probe broke',
    })
    expect(line!.message[3]).toMatchObject({ kind: 'error', label: 'cause', name: 'RangeError' })
    expect(partOf(line, 'stack')!.text).toContain('the probe broke')
    expect(partOf(line, 'context')!.values).toMatchObject({
      url: '/query/probe/fail',
      method: 'GET',
      status: 500,
      code: 'ERROR_INTERNAL',
      id: failed.headers['x-request-id'],
    })
  })

  it('stores a 500 and a copied warning without the secrets their request carried', async () => {
    const code = 'q3Vb8_xT-0aZkLm2NpQr4StUvWxYz9AbCdEfGhIjKlM'
    const query = `?code=${code}&token=tk-123&page=2`
    const headers = { cookie: site.cookie('manager'), authorization: 'Bearer bearer-456' }
    const failed = await inject(site.kernel, { url: `/query/probe/fail${query}`, headers })
    expect(failed.statusCode).toBe(500)
    const seen = await inject(site.kernel, { url: `/query/probe/seen${query}`, headers })
    expect(seen.statusCode).toBe(200)
    await site.kernel.services.log.flush()
    const [error] = (await page(site.kernel, site.cookie('manager'), '/query/log/list?level=error'))
      .list
    const [warning] = (
      await page(site.kernel, site.cookie('manager'), '/query/log/list/server.probe')
    ).list
    const sessionValue = site.cookie('manager').split('=')[1]!
    for (const line of [error, warning]) {
      const stored = JSON.stringify(line!.message)
      for (const secret of [code, 'tk-123', 'bearer-456', sessionValue])
        expect(stored, secret).not.toContain(secret)
    }
    // What is not a secret is stored as it was: the page, the error, the code of the answer.
    expect(partOf(error, 'context')!.values).toMatchObject({
      url: '/query/probe/fail?code=[REDACTED]&token=[REDACTED]&page=2',
      status: 500,
      code: 'ERROR_INTERNAL',
    })
    expect(error!.message[1]).toMatchObject({ kind: 'error', message: 'the probe broke' })
    const seenUrl = '/query/probe/seen?code=[REDACTED]&token=[REDACTED]&page=2'
    expect(warning!.message[0]).toEqual({ kind: 'text', text: `the probe saw ${seenUrl}` })
    expect(partOf(warning, 'context')!.values).toEqual({ url: seenUrl })
    const objects = warning!.message.filter((part) => part.kind === 'object')
    expect(objects.find((part) => part.label === 'body')!.value).toEqual({
      device: 'd1',
      code: '[REDACTED]',
      note: 'kept',
    })
    expect(objects.find((part) => part.label === 'headers')!.value).toMatchObject({
      cookie: '[REDACTED]',
      authorization: '[REDACTED]',
    })
  })

  it("keeps a plugin's warning under its name, each value as what it is", async () => {
    expect(
      (await call(site.kernel, site.cookie('manager'), { url: '/query/probe/warn' })).statusCode,
    ).toBe(200)
    await site.kernel.services.log.flush()
    const [line] = (await page(site.kernel, site.cookie('manager'), '/query/log/list/server.probe'))
      .list
    expect(line).toMatchObject({ level: 'warn', name: 'server.probe' })
    expect(line!.message).toEqual([
      { kind: 'text', text: 'the probe is worried' },
      { kind: 'context', values: { order: 'A-17' } },
      { kind: 'bignumber', label: 'count', value: '12345678901234567890' },
      { kind: 'function', label: 'handler', name: 'handleThing' },
      { kind: 'class', label: 'kind', name: 'Probe' },
      {
        kind: 'object',
        label: 'payload',
        value: { nested: { list: [1, 'two', null], flag: true } },
      },
    ])
  })

  it('pages 50 lines at a time with nextpage, each line once, and back with prevpage', async () => {
    for (let index = 0; index < 120; index++) await addPage(site.kernel, `paged${index}`)
    const seen: string[] = []
    const tokens: Array<string | undefined> = []
    let token: string | undefined
    let pages = 0
    do {
      const url = `/query/log/list/webpage${token ? `?nextpage=${token}` : ''}`
      const answer = await page(site.kernel, site.cookie('manager'), url)
      tokens.push(token)
      expect(answer.newer).toBe(pages > 0)
      seen.push(...answer.list.map((line) => line.id))
      token = answer.nextpage ?? undefined
      if (token) expect(answer.list).toHaveLength(50)
      pages++
    } while (token)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBeGreaterThanOrEqual(122)
    expect(seen.map(Number)).toEqual([...seen].map(Number).sort((a, b) => b - a))
    // From the third page, prevpage leads to the second, whose prevpage is the first (null).
    const third = await page(
      site.kernel,
      site.cookie('manager'),
      `/query/log/list/webpage?nextpage=${tokens[2]}`,
    )
    const second = await page(
      site.kernel,
      site.cookie('manager'),
      `/query/log/list/webpage?nextpage=${third.prevpage}`,
    )
    expect(second.list.map((line) => line.id)).toEqual(seen.slice(50, 100))
    expect(second).toMatchObject({ newer: true, prevpage: null })
    expect(
      (await page(site.kernel, site.cookie('manager'), '/query/log/list/webpage?pagesize=7')).list,
    ).toHaveLength(7)
  })

  it('filters by record type, by record and by level, and starts at a date', async () => {
    const byType = await page(
      site.kernel,
      site.cookie('manager'),
      '/query/log/list/webpage?pagesize=1000',
    )
    expect(byType.list.every((line) => line.type === 'webpage')).toBe(true)
    const byName = await page(site.kernel, site.cookie('manager'), '/query/log/list/webpage.paged7')
    expect(byName.list.map((line) => line.name)).toEqual(['webpage.paged7'])
    const warnings = await page(site.kernel, site.cookie('manager'), '/query/log/list?level=warn')
    expect(warnings.list.length).toBeGreaterThan(0)
    expect(warnings.list.every((line) => line.level === 'warn')).toBe(true)
    const none = await page(
      site.kernel,
      site.cookie('manager'),
      '/query/log/list/webpage.paged7?level=error',
    )
    expect(none).toMatchObject({ list: [], nextpage: null, newer: false })

    // Lines with a time of their own, as records writes them when it moves its old lines.
    const day = Date.UTC(2020, 4, 1, 12)
    await site.kernel.services.recordLogSink!.write(
      [0, 1, 2].map((offset) => ({
        type: 'dated',
        id: `d${offset}`,
        message: 'old',
        actor: 'system',
        time: day + offset * 24 * 60 * 60 * 1000,
      })),
      site.kernel.services.db,
    )
    const untilSecond = await page(
      site.kernel,
      site.cookie('manager'),
      '/query/log/list/dated?date=2020-05-02',
    )
    expect(untilSecond.list.map((line) => line.name)).toEqual(['dated.d1', 'dated.d0'])
    expect(untilSecond.newer).toBe(true)
    const untilNoon = await page(
      site.kernel,
      site.cookie('manager'),
      '/query/log/list/dated?date=2020-05-03T11:59:59Z',
    )
    expect(untilNoon.list.map((line) => line.name)).toEqual(['dated.d1', 'dated.d0'])
    const before = await page(
      site.kernel,
      site.cookie('manager'),
      '/query/log/list/dated?date=2020-04-30',
    )
    expect(before).toMatchObject({ list: [], newer: true })
  })

  it('needs view on the log to list and delete to clear', async () => {
    expect(codeOf(await call(site.kernel, undefined, { url: '/query/log/list' }))).toBe(
      'ERROR_NOT_SIGNED_IN',
    )
    for (const person of ['marketer', 'customer'] as const) {
      const reply = await call(site.kernel, site.cookie(person), { url: '/query/log/list' })
      expect({ status: reply.statusCode, code: codeOf(reply) }, person).toEqual({
        status: 403,
        code: 'ERROR_ACCESS_DENIED',
      })
    }
    expect(
      (await call(site.kernel, site.cookie('developer'), { url: '/query/log/list' })).statusCode,
    ).toBe(200)
    const refused = await call(site.kernel, site.cookie('developer'), {
      method: 'POST',
      url: '/query/log/clear',
    })
    expect({ status: refused.statusCode, code: codeOf(refused) }).toEqual({
      status: 403,
      code: 'ERROR_ACCESS_DENIED',
    })
    // GET never changes anything.
    expect(
      (await call(site.kernel, site.cookie('manager'), { url: '/query/log/clear' })).statusCode,
    ).toBe(405)
    expect((await page(site.kernel, site.cookie('manager'))).list.length).toBeGreaterThan(1)
  })

  it('refuses bad input with coded 400s before reading anything', async () => {
    const cases: Array<[string, string]> = [
      ['/query/log/list/a.b.c', 'ERROR_INVALID_ID'],
      ['/query/log/list/webpage.', 'ERROR_INVALID_ID'],
      ['/query/log/list/.faq', 'ERROR_INVALID_ID'],
      ['/query/log/list/web%20page', 'ERROR_INVALID_ID'],
      ['/query/log/list/%3Cscript%3E.x', 'ERROR_INVALID_ID'],
      ['/query/log/list/webpage%2Ffaq', 'ERROR_INVALID_ID'],
      [`/query/log/list/${'t'.repeat(65)}`, 'ERROR_INVALID_ID'],
      [`/query/log/list/webpage.${'i'.repeat(192)}`, 'ERROR_INVALID_ID'],
      ['/query/log/list?pagesize=100000', 'ERROR_INVALID_INTEGER'],
      ['/query/log/list?pagesize=99999999999999999999', 'ERROR_INVALID_INTEGER'],
      ['/query/log/list?pagesize=1001', 'ERROR_INVALID_INTEGER'],
      ['/query/log/list?pagesize=0', 'ERROR_INVALID_INTEGER'],
      ['/query/log/list?pagesize=-1', 'ERROR_INVALID_INTEGER'],
      ['/query/log/list?pagesize=1e3', 'ERROR_INVALID_INTEGER'],
      ['/query/log/list?pagesize=ten', 'ERROR_INVALID_INTEGER'],
      ['/query/log/list?date=yesterday', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?date=2026-02-30', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?date=2026-13-01', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?date=2026-01-01T25:00Z', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?date=2026-01-01T10:00', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?date=1700000000000', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?nextpage=abc', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?nextpage=0', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?nextpage=-5', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?nextpage=1.5', 'ERROR_INVALID_INPUT'],
      [`/query/log/list?nextpage=${'9'.repeat(40)}`, 'ERROR_INVALID_INPUT'],
      ['/query/log/list?nextpage=1&nextpage=2', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?level=debug', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?page=2', 'ERROR_INVALID_INPUT'],
      ['/query/log/list?__proto__=1', 'ERROR_INVALID_INPUT'],
    ]
    for (const [url, code] of cases) {
      const reply = await call(site.kernel, site.cookie('manager'), { url })
      expect({ status: reply.statusCode, code: codeOf(reply) }, url).toEqual({
        status: 400,
        code,
      })
    }
  })

  it('clears every line, leaving one that says who cleared it', async () => {
    const answer = await postAsManager('/query/log/clear')
    expect(answer.list).toHaveLength(1)
    expect(answer.list[0]).toMatchObject({
      level: 'info',
      source: 'server',
      name: 'server.log',
      actor: site.actor('manager'),
      message: [{ kind: 'text', text: 'cleared the log' }],
    })
    expect(answer).toMatchObject({ nextpage: null, newer: false })
    await addPage(site.kernel, 'after')
    expect((await page(site.kernel, site.cookie('manager'))).list.map((line) => line.name)).toEqual(
      ['webpage.after', 'server.log'],
    )
  })

  it('answers a clear that was done as done, though telling the other nodes then fails', async () => {
    await addPage(site.kernel, 'before')
    const emit = vi
      .spyOn(site.kernel.services.events, 'emit')
      .mockRejectedValueOnce(new Error('redis went away'))
    let answer: LogPage
    try {
      answer = await postAsManager('/query/log/clear')
    } finally {
      emit.mockRestore()
    }
    expect(answer.list.map((line) => line.name)).toEqual(['server.log'])
  })

  it('prunes lines past the retention days and beyond the most lines kept', async () => {
    const now = Date.now()
    const old = now - 40 * 24 * 60 * 60 * 1000
    await site.kernel.services.recordLogSink!.write(
      Array.from({ length: 30 }, (_, index) => ({
        type: 'aged',
        id: `a${index}`,
        message: 'aged',
        actor: 'system',
        time: old + index,
      })),
      site.kernel.services.db,
    )
    for (let index = 0; index < 5; index++) await addPage(site.kernel, `fresh${index}`)
    const before = (
      await page(site.kernel, site.cookie('manager'), '/query/log/list?pagesize=1000')
    ).list.length
    // The defaults: 30 days, a million lines.
    expect(await site.kernel.services.log.prune(now)).toBe(30)
    const kept = (await page(site.kernel, site.cookie('manager'), '/query/log/list?pagesize=1000'))
      .list
    expect(kept).toHaveLength(before - 30)
    expect(kept.some((line) => line.type === 'aged')).toBe(false)
    expect(await site.kernel.services.log.prune(now)).toBe(0)
  })

  it('writes a line written in a transaction that rolls back nowhere', async () => {
    const count = async () =>
      (await page(site.kernel, site.cookie('manager'), '/query/log/list/webpage.rolled')).list
        .length
    await expect(
      site.kernel.services.db.transaction(async (trx) => {
        await site.kernel.services.recordLogSink!.write(
          [{ type: 'webpage', id: 'rolled', message: 'never', actor: 'system' }],
          trx,
        )
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await count()).toBe(0)
  })
})
