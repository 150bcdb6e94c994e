// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteSettingsContext, siteSettingsOf } from '@shopwright/admin-ui/kit'
import type { SiteSettings } from '@shopwright/admin-ui/registry'
import { Address, renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import type { LogLine, LogPage } from '../shared/types.js'
import { NO_NAMES, type ChangeNames, type LoadNames } from './change-names.js'
import { logApi, type LogApi, type LogRequest } from './log-api.js'
import { Log } from './LogScreen.js'
import '../shared/errors.js'
import { logLine as line } from './testing/log-lines.js'

afterEach(cleanup)

const answer = (list: LogLine[], extra: Partial<LogPage> = {}): LogPage => ({
  list,
  nextpage: null,
  prevpage: null,
  newer: false,
  pagesize: 50,
  ...extra,
})

/** The Log screen; at `/data/...`, where a line's name leads, only the address stands. */
function open(
  api: LogApi,
  {
    canClear = true,
    at = '/log',
    names = () => Promise.resolve(NO_NAMES),
  }: { canClear?: boolean; at?: string; names?: LoadNames } = {},
) {
  renderAt(at, <Log api={api} names={names} canClear={canClear} />, [
    { path: '/data/*', element: <Address /> },
  ])
}

/** What the names call answers for the lines of the tests below. */
const KNOWN: ChangeNames = {
  records: new Map([
    ['item|classic-tee', 'Classic Tee'],
    ['employee|7', 'Anna Smith'],
  ]),
  types: new Map([
    ['item', 'Item'],
    ['employee', 'Employee'],
  ]),
}

describe('the Log screen', () => {
  it('shows each line with its time, level, record links, who and message', async () => {
    const api = { list: vi.fn(() => Promise.resolve(answer([line(2), line(1)]))), clear: vi.fn() }
    open(api)
    expect(await screen.findByText('p2')).toBeTruthy()
    const first = screen.getAllByRole('row')[1]!
    expect(within(first).getByTestId('log-type-link').getAttribute('href')).toBe('/data/webpage')
    expect(within(first).getByTestId('log-record-link').getAttribute('href')).toBe(
      '/data/webpage/p2',
    )
    expect(within(first).getByTestId('log-actor').getAttribute('href')).toBe('/data/employee/7')
    // Without a known name the ids show: the record's, and the account's with its type.
    expect(within(first).getByTestId('log-type-link').textContent).toBe('webpage')
    expect(within(first).queryByTestId('log-record-id')).toBeNull()
    expect(within(first).getByTestId('log-actor').textContent).toBe('employee 7')
    expect(within(first).getByText('Info')).toBeTruthy()
    expect(within(first).getByText('created')).toBeTruthy()
    expect(api.list).toHaveBeenCalledWith({ pagesize: 100 })
    fireEvent.click(within(first).getByTestId('log-record-link'))
    expect(screen.getByTestId('address').textContent).toBe('/data/webpage/p2')
  })

  it('shows a record and its account by name, with the type’s name and the id in small type', async () => {
    const names = vi.fn<LoadNames>(() => Promise.resolve(KNOWN))
    const lines = [
      line(2, { type: 'item', name: 'item.classic-tee' }),
      line(1, { type: 'item', name: 'item.gone', actor: 'anonymous' }),
    ]
    open({ list: () => Promise.resolve(answer(lines)), clear: vi.fn() }, { names })
    expect(await screen.findByText('Classic Tee')).toBeTruthy()
    // One lookup for the page, with its lines.
    expect(names).toHaveBeenCalledTimes(1)
    expect(names.mock.calls[0]![0]).toEqual(lines)
    const [named, gone] = screen.getAllByRole('row').slice(1)
    const record = within(named!).getByTestId('log-record-link')
    expect(record.textContent).toBe('Classic Tee')
    expect(record.getAttribute('href')).toBe('/data/item/classic-tee')
    const type = within(named!).getByTestId('log-type-link')
    expect(type.textContent).toBe('Item')
    expect(type.getAttribute('href')).toBe('/data/item')
    expect(within(named!).getByTestId('log-record-id').textContent).toBe('classic-tee')
    expect(named!.querySelector('.log-name-note')!.textContent).toBe('Item · classic-tee')
    const actor = within(named!).getByTestId('log-actor')
    expect(actor.textContent).toBe('Anna Smith')
    expect(actor.getAttribute('href')).toBe('/data/employee/7')
    expect(within(named!).getByTestId('log-filter-record')).toBeTruthy()
    // A record gone, or not to be read, shows its id under its type's name; anonymous as a word.
    expect(within(gone!).getByTestId('log-record-link').textContent).toBe('gone')
    expect(within(gone!).getByTestId('log-type-link').textContent).toBe('Item')
    expect(within(gone!).queryByTestId('log-record-id')).toBeNull()
    expect(within(gone!).getByTestId('log-actor').textContent).toBe('Anonymous')
    expect(within(gone!).getByTestId('log-actor').tagName).toBe('SPAN')
  })

  it('shows the lines by their ids when the names cannot be had', async () => {
    open(
      { list: () => Promise.resolve(answer([line(1)])), clear: vi.fn() },
      { names: () => Promise.reject(new Error('no')) },
    )
    expect((await screen.findByTestId('log-record-link')).textContent).toBe('p1')
    expect(screen.getByTestId('log-actor').textContent).toBe('employee 7')
  })

  it('shows an error with its stack folded, a context, and an object as a tree', async () => {
    const failure = line(3, {
      level: 'error',
      source: 'server',
      type: 'server',
      name: 'server.kernel',
      actor: 'system',
      message: [
        { kind: 'text', text: 'request failed' },
        { kind: 'error', name: 'TypeError', message: 'x is undefined', code: 'E_X' },
        { kind: 'stack', text: 'TypeError: x is undefined\n    at run (file.js:1:1)' },
        { kind: 'context', values: { url: '/query/x', status: 500 } },
        { kind: 'bignumber', label: 'total', value: '123456789012345678901' },
        { kind: 'function', label: 'handler', name: 'save' },
        { kind: 'class', label: 'type', name: 'Cart' },
        { kind: 'object', label: 'body', value: { items: [{ sku: 'A' }], count: 1 } },
      ],
    })
    open({ list: () => Promise.resolve(answer([failure])), clear: vi.fn() })
    expect(await screen.findByText('request failed')).toBeTruthy()
    expect(screen.getByText('TypeError')).toBeTruthy()
    expect(screen.getByText('E_X')).toBeTruthy()
    const stack = screen.getByTestId('log-stack') as HTMLDetailsElement
    expect(stack.open).toBe(false)
    expect(screen.getByText('server.kernel').tagName).toBe('SPAN')
    expect(screen.getByTestId('log-actor').tagName).toBe('SPAN')
    expect(screen.getByTestId('log-actor').textContent).toBe('System')
    expect(screen.getByTestId('log-context').textContent).toBe('url="/query/x"status=500')
    expect(screen.getByText('123456789012345678901')).toBeTruthy()
    expect(screen.getByText('save()').className).toBe('log-function')
    expect(screen.getByText('Cart').className).toBe('log-class')
    const [root, items] = screen.getAllByTestId('log-tree') as HTMLDetailsElement[]
    expect(root!.open).toBe(true)
    expect(items!.open).toBe(false)
    expect(screen.getByText('"A"')).toBeTruthy()
  })

  it('filters by level and by record through the address, starting at the newest line', async () => {
    const api = {
      list: vi.fn((_: LogRequest) => Promise.resolve(answer([line(1)]))),
      clear: vi.fn(),
    }
    open(api, { at: '/log?page=99' })
    await screen.findByText('p1')
    fireEvent.change(screen.getByTestId('log-level'), { target: { value: 'error' } })
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/log?level=error'))
    expect(api.list).toHaveBeenLastCalledWith({ level: 'error', pagesize: 100 })
    fireEvent.change(screen.getByTestId('log-name'), { target: { value: 'bad name!' } })
    fireEvent.click(screen.getByTestId('log-name-apply'))
    expect(await screen.findByTestId('log-name-error')).toBeTruthy()
    fireEvent.change(screen.getByTestId('log-name'), { target: { value: 'webpage.p1' } })
    fireEvent.click(screen.getByTestId('log-name-apply'))
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith({
        level: 'error',
        name: 'webpage.p1',
        pagesize: 100,
      }),
    )
    fireEvent.click(screen.getByTestId('log-name-clear'))
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith({ level: 'error', pagesize: 100 }),
    )
    // A line's own button shows that record's lines only.
    fireEvent.click(await screen.findByTestId('log-filter-record'))
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/log?level=error&name=webpage.p1'),
    )
  })

  it('pages older and newer with the tokens the list answers', async () => {
    const api = {
      list: vi.fn((request: LogRequest) =>
        Promise.resolve(
          request.nextpage === '51'
            ? answer([line(50)], { newer: true, prevpage: null, nextpage: '50' })
            : answer([line(100)], { nextpage: '51' }),
        ),
      ),
      clear: vi.fn(),
    }
    open(api)
    await screen.findByText('p100')
    expect((screen.getByTestId('log-newer') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByTestId('log-older'))
    expect(await screen.findByText('p50')).toBeTruthy()
    expect(screen.getByTestId('address').textContent).toBe('/log?page=51')
    fireEvent.click(screen.getByTestId('log-newer'))
    expect(await screen.findByText('p100')).toBeTruthy()
    expect(screen.getByTestId('address').textContent).toBe('/log')
  })

  it('clears after asking, then loads again; without delete there is no Clear', async () => {
    let lines = [line(1)]
    const api = {
      list: vi.fn(() => Promise.resolve(answer(lines))),
      clear: vi.fn(() => {
        lines = [line(9, { source: 'server', type: 'server', name: 'server.log' })]
        return Promise.resolve({ ok: true })
      }),
    }
    open(api)
    await screen.findByText('p1')
    fireEvent.click(screen.getByTestId('clear'))
    expect(await screen.findByText('Are you sure you want to clear the log?')).toBeTruthy()
    fireEvent.click(screen.getByTestId('dialog-cancel'))
    expect(api.clear).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('clear'))
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    expect(await screen.findByText('server.log')).toBeTruthy()
    expect(api.clear).toHaveBeenCalledTimes(1)
    cleanup()
    open(api, { canClear: false })
    await screen.findByText('server.log')
    expect(screen.queryByTestId('clear')).toBeNull()
  })

  it("shows a failed clear under 'Unable to Clear' with the server's message", async () => {
    open({
      list: () => Promise.resolve(answer([line(1)])),
      clear: () =>
        Promise.reject(
          new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: '/query/log/clear' }),
        ),
    })
    await screen.findByText('p1')
    fireEvent.click(screen.getByTestId('clear'))
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    expect(await screen.findByText('Unable to Clear')).toBeTruthy()
    expect(screen.getByText('Access Denied.')).toBeTruthy()
  })

  it('shows ERROR_LOG_NOT_AVAILABLE when the lines cannot be loaded', async () => {
    const list = vi
      .fn<LogApi['list']>()
      .mockRejectedValueOnce(
        new QueryError('ERROR_DATA_CONNECTION', { status: 503, url: '/query/log/list' }),
      )
      .mockResolvedValue(answer([line(1)]))
    open({ list, clear: vi.fn() })
    expect(await screen.findByText('Unable to View Log.')).toBeTruthy()
    expect(screen.getByText('Connection failed.')).toBeTruthy()
    fireEvent.click(screen.getByTestId('retry'))
    expect(await screen.findByText('p1')).toBeTruthy()
  })
})

/** The shell's settings as a test changes them: null (still reading) until `settle` is called. */
let settle: (settings: SiteSettings) => void = () => undefined
function Shell({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<SiteSettings | null>(null)
  settle = setSettings
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>
}

describe('the Log screen’s page size', () => {
  it('asks the pagination configuration’s admin list size (7 here)', async () => {
    const { client, calls } = fakeClient(
      () => (path) => (path.startsWith('/log/list') ? answer([line(1)]) : 404),
    )
    renderAt(
      '/log?level=error',
      <SiteSettingsContext.Provider value={siteSettingsOf({ pageSizes: { adminlist: 7 } })}>
        <Log api={logApi(client)} names={() => Promise.resolve(NO_NAMES)} canClear={false} />
      </SiteSettingsContext.Provider>,
    )
    await screen.findByText('p1')
    expect(calls.filter((call) => call.startsWith('/log/list'))).toEqual([
      '/log/list?level=error&pagesize=7',
    ])
  })

  it('asks nothing while the shell reads the configuration, then the page once', async () => {
    const api = {
      list: vi.fn((_: LogRequest) => Promise.resolve(answer([line(1)]))),
      clear: vi.fn(),
    }
    renderAt(
      '/log',
      <Shell>
        <Log api={api} names={() => Promise.resolve(NO_NAMES)} canClear={false} />
      </Shell>,
    )
    await screen.findByTestId('refresh')
    fireEvent.click(screen.getByTestId('refresh'))
    expect(api.list).not.toHaveBeenCalled()
    act(() => settle(siteSettingsOf({ pageSizes: { adminlist: 7 } })))
    await screen.findByText('p1')
    expect(api.list.mock.calls).toEqual([[{ pagesize: 7 }]])
  })
})
