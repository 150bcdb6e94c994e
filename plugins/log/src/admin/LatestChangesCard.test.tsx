// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import type { LogLine, LogPage } from '../shared/types.js'
import { NO_NAMES, type LoadNames } from './change-names.js'
import type { LogApi } from './log-api.js'
import { AGO_REFRESH_MS, LatestChanges } from './LatestChangesCard.js'
import '../shared/errors.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const NOW = Date.parse('2026-05-01T12:00:00Z')

const line = (id: number, extra: Partial<LogLine> = {}): LogLine => ({
  id: String(id),
  time: new Date(NOW - id * 5 * 60_000).toISOString(),
  level: 'info',
  source: 'record',
  type: 'webpage',
  name: `webpage.p${id}`,
  actor: 'employee|7',
  message: [{ kind: 'text', text: 'updated headline' }],
  ...extra,
})

const page = (list: LogLine[]): LogPage => ({
  list,
  nextpage: null,
  prevpage: null,
  newer: false,
  pagesize: 6,
})

function open(list: LogApi['list'], names: LoadNames = () => Promise.resolve(NO_NAMES)) {
  renderAt('/admin', <LatestChanges api={{ list }} names={names} now={() => NOW} />)
}

describe('the Latest changes card', () => {
  it('lists the last five record changes by name, who made them and how long ago', async () => {
    const list = vi.fn<LogApi['list']>(() =>
      Promise.resolve(
        page([
          line(1),
          line(2, {
            source: 'server',
            type: 'server',
            name: 'server.log',
            message: [{ kind: 'text', text: 'cleared the log' }],
          }),
          line(3, { actor: 'system', name: 'webpage.faq' }),
          line(4),
          line(5),
          line(6),
          line(7),
        ]),
      ),
    )
    const names = vi.fn<LoadNames>(() =>
      Promise.resolve({
        records: new Map([
          ['employee|7', 'Anna Smith'],
          ['webpage|p1', 'About us'],
        ]),
        types: new Map([['webpage', 'Web page']]),
      }),
    )
    open(list, names)
    const rows = await screen.findAllByTestId('latest-change')
    expect(list).toHaveBeenCalledWith({ level: 'info', pagesize: 6 })
    // The clear's line is no record change: the five are 1, 3, 4, 5 and 6.
    expect(rows.map((row) => within(row).getByTestId('latest-change-record').textContent)).toEqual([
      'About us',
      'faq',
      'p4',
      'p5',
      'p6',
    ])
    expect(names.mock.calls[0]![0].map((each) => each.id)).toEqual(['1', '3', '4', '5', '6'])
    const first = rows[0]!
    expect(within(first).getByTestId('latest-change-record').getAttribute('href')).toBe(
      '/data/webpage/p1',
    )
    expect(first.textContent).toContain('Web page')
    expect(within(first).getByTestId('latest-change-actor').textContent).toBe('Anna Smith')
    expect(first.textContent).toContain('updated headline')
    const time = within(first).getByTestId('latest-change-time')
    expect(time.textContent).toBe('5 min. ago')
    expect(time.getAttribute('dateTime')).toBe('2026-05-01T11:55:00.000Z')
    expect(time.getAttribute('title')).toMatch(/2026/)
    expect(within(rows[1]!).getByTestId('latest-change-actor').textContent).toBe('System')
    expect(screen.getByRole('link', { name: /Latest changes/ }).getAttribute('href')).toBe('/log')
  })

  it('says again how long ago each minute', async () => {
    vi.useFakeTimers()
    let clock = NOW
    renderAt(
      '/admin',
      <LatestChanges
        api={{ list: () => Promise.resolve(page([line(1)])) }}
        names={() => Promise.resolve(NO_NAMES)}
        now={() => clock}
      />,
    )
    await act(async () => {})
    expect(screen.getByTestId('latest-change-time').textContent).toBe('5 min. ago')
    clock += AGO_REFRESH_MS
    await act(() => vi.advanceTimersByTimeAsync(AGO_REFRESH_MS))
    expect(screen.getByTestId('latest-change-time').textContent).toBe('6 min. ago')
    vi.useRealTimers()
  })

  it('shows the ids when the names cannot be had', async () => {
    open(
      () => Promise.resolve(page([line(1)])),
      () => Promise.reject(new Error('no')),
    )
    const row = await screen.findByTestId('latest-change')
    expect(within(row).getByTestId('latest-change-record').textContent).toBe('p1')
    expect(within(row).getByTestId('latest-change-actor').textContent).toBe('employee 7')
  })

  it('is loading until the log answers', () => {
    open(() => new Promise(() => undefined))
    expect(screen.getByTestId('latest-changes').getAttribute('aria-busy')).toBe('true')
  })

  it('says so when the log holds no change', async () => {
    open(() => Promise.resolve(page([])))
    expect((await screen.findByTestId('latest-changes-empty')).textContent).toBe('No changes yet.')
  })

  it('shows the server’s refusal in the card', async () => {
    open(() =>
      Promise.reject(new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: '/query/x' })),
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/\S/)
    expect(alert.textContent).not.toBe('ERROR_ACCESS_DENIED')
    expect(screen.queryByTestId('latest-change')).toBeNull()
  })
})
