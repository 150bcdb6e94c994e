// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteSettingsContext, siteSettingsOf } from '@shopwright/admin-ui/kit'
import type { SiteSettings } from '@shopwright/admin-ui/registry'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import type { SessionRow } from '../shared/types.js'
import { row } from './testing/session-row.js'
import { sessionsApi, type SessionsApi } from './sessions-api.js'
import SessionsScreen, { Sessions } from './SessionsScreen.js'
import '../shared/errors.js'

// The screen's rights and client, as the admin's session would give them (admin-ui's own tests
// cover useAccess against /query/access).
const kit = vi.hoisted(() => ({
  access: null as Record<string, Record<string, boolean>> | null,
  asked: [] as string[][],
  api: undefined as unknown,
}))
vi.mock('@shopwright/admin-ui/kit', async (original) => ({
  ...(await original<typeof import('@shopwright/admin-ui/kit')>()),
  useAccess: (ids: readonly string[]) => {
    kit.asked.push([...ids])
    return kit.access
  },
  useClientApi: () => kit.api,
}))

afterEach(cleanup)

function Opened() {
  return <p data-testid="opened">{useParams().id}</p>
}

function open(api: SessionsApi, canClear = true) {
  renderAt('/sessions', <Sessions api={api} canClear={canClear} />, [
    { path: '/session/:id', element: <Opened /> },
  ])
}

function fakeApi(
  pages: SessionRow[][],
  live = 1,
): SessionsApi & { clear: ReturnType<typeof vi.fn> } {
  return {
    list: vi.fn((_pagesize: number, nextpage?: string) => {
      const index = nextpage ? Number(nextpage) : 0
      return Promise.resolve({
        list: pages[index] ?? [],
        pagesize: 100,
        ...(index + 1 < pages.length ? { nextpage: String(index + 1) } : {}),
      })
    }),
    get: vi.fn(),
    live: vi.fn(() => Promise.resolve(live)),
    clear: vi.fn(() => Promise.resolve({ cleared: true })),
  }
}

describe('the sessions list', () => {
  it('shows #, Date, Location, Browser and OS with their icons, marks live sessions and dims unconfirmed ones', async () => {
    open(
      fakeApi([
        [
          row('a', { live: true }),
          row('b', {
            confirmed: false,
            robot: true,
            browser: { name: 'Googlebot', version: '2.1' },
            os: { name: '', version: '' },
            platform: 'bot',
            city: '',
            region: '',
            country: '',
          }),
          row('c', {
            browser: { name: 'Safari', version: '17.2' },
            os: { name: 'iOS', version: '17.2' },
            platform: 'mobile',
            virus: true,
          }),
        ],
      ]),
    )
    const table = await screen.findByTestId('sessions-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headings).toEqual(['#', 'Date', 'Location', 'Browser', 'OS'])
    const [, first, second, third] = within(table).getAllByRole('row')
    expect(first!.textContent).toContain('London, England, GB')
    expect(first!.textContent).toContain('Firefox 128.0')
    expect(within(first!).getByTestId('live').textContent).toBe('Live')
    expect(first!.querySelector('[data-icon="firefox"]')).not.toBeNull()
    expect(first!.querySelector('[data-icon="windows"]')).not.toBeNull()
    expect(first!.querySelector('[aria-disabled]')).toBeNull()
    expect(second!.querySelector('[data-icon="robot"]')).not.toBeNull()
    expect(second!.querySelectorAll('[aria-disabled="true"]').length).toBe(5)
    expect(within(second!).queryByTestId('live')).toBeNull()
    expect(third!.querySelector('[data-icon="safari"]')).not.toBeNull()
    expect(third!.querySelector('[data-icon="apple"]')).not.toBeNull()
    expect(third!.querySelector('[data-icon="cellphone"]')).not.toBeNull()
    expect(third!.querySelector('[data-icon="virus"]')).not.toBeNull()
    expect(screen.getByTestId('live-count').textContent).toBe('1 live')
    expect(screen.getByTestId('dbip-credit').textContent).toContain('DB-IP')
  })

  it('loads more, numbering on, and opens a session', async () => {
    open(fakeApi([[row('a'), row('b')], [row('c')]]))
    const table = await screen.findByTestId('sessions-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    fireEvent.click(await screen.findByText(/Load more/i))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
    expect(within(table).getAllByRole('row')[3]!.textContent).toMatch(/^3/)
    fireEvent.click(within(table).getAllByRole('row')[3]!)
    expect((await screen.findByTestId('opened')).textContent).toBe('c')
  })

  it("asks the spec's question before clearing, and clears only on yes", async () => {
    const api = fakeApi([[row('a')]])
    open(api)
    fireEvent.click(await screen.findByTestId('clear'))
    expect(await screen.findByText('Are you sure you want to clear all sessions?')).toBeTruthy()
    // By test id: a role query walks the accessibility tree, seconds under a loaded CI.
    fireEvent.click(screen.getByTestId('dialog-cancel'))
    await waitFor(() =>
      expect(screen.queryByText('Are you sure you want to clear all sessions?')).toBeNull(),
    )
    expect(api.clear).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('clear'))
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    await waitFor(() => expect(api.clear).toHaveBeenCalledTimes(1))
  })

  it('offers no Clear without canClear', async () => {
    open(fakeApi([[row('a')]]), false)
    const table = await screen.findByTestId('sessions-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(screen.queryByTestId('clear')).toBeNull()
    expect(screen.getByTestId('live-count').textContent).toBe('1 live')
  })

  it.each([
    ['while the rights load', null, false],
    [
      'to a caller who may only view',
      { view: true, edit: true, create: true, delete: false },
      false,
    ],
    ['to a caller with no right at all', {}, false],
    ['to a caller with delete on the sessions record', { view: true, delete: true }, true],
  ])('the screen offers Clear only with delete on sessions: %s', async (_, flags, shown) => {
    kit.api = fakeApi([[row('a')]])
    kit.asked = []
    kit.access = flags === null ? null : { sessions: flags }
    renderAt('/sessions', <SessionsScreen />)
    const table = await screen.findByTestId('sessions-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(screen.queryByTestId('clear') !== null).toBe(shown)
    expect(kit.asked.at(-1)).toEqual(['sessions'])
  })

  it('shows ERROR_SESSIONS_NOT_AVAILABLE when the list cannot be read', async () => {
    const api = fakeApi([])
    api.list = vi.fn(() =>
      Promise.reject(
        new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: '/query/session/list' }),
      ),
    )
    open(api)
    expect((await screen.findByTestId('error-view')).textContent).toContain(
      'Unable to View Sessions.',
    )
  })
})

/** The shell's settings as a test changes them: null (still reading) until `settle` is called. */
let settle: (settings: SiteSettings) => void = () => undefined
function Shell({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<SiteSettings | null>(null)
  settle = setSettings
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>
}

describe('the sessions list’s page size', () => {
  it('asks the pagination configuration’s admin list size (7 here), and the default 100 outside the shell', async () => {
    const { client, calls } = fakeClient(() => (path) => {
      if (path.startsWith('/session/list')) return { list: [row('a')], pagesize: 7 }
      if (path.startsWith('/session/live')) return { live: 0 }
      return 404
    })
    kit.api = sessionsApi(client)
    kit.access = { sessions: { view: true } }
    renderAt(
      '/sessions',
      <SiteSettingsContext.Provider value={siteSettingsOf({ pageSizes: { adminlist: 7 } })}>
        <SessionsScreen />
      </SiteSettingsContext.Provider>,
    )
    await screen.findByTestId('row-a')
    expect(calls.filter((call) => call.startsWith('/session/list'))).toEqual([
      '/session/list?pagesize=7',
    ])
    cleanup()

    const api = fakeApi([[row('a')]])
    open(api)
    await screen.findByTestId('row-a')
    expect(vi.mocked(api.list).mock.calls).toEqual([[100, undefined]])
  })

  it('asks nothing while the shell reads the configuration, then the first page once', async () => {
    const api = fakeApi([[row('a'), row('b')], [row('c')]])
    renderAt(
      '/sessions',
      <Shell>
        <Sessions api={api} canClear />
      </Shell>,
    )
    await screen.findByTestId('sessions')
    fireEvent.click(screen.getByTestId('refresh'))
    expect(api.list).not.toHaveBeenCalled()
    expect(api.live).not.toHaveBeenCalled()
    act(() => settle(siteSettingsOf({ pageSizes: { adminlist: 2 } })))
    await screen.findByTestId('row-b')
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-c')
    expect(vi.mocked(api.list).mock.calls).toEqual([
      [2, undefined],
      [2, '1'],
    ])
    expect(api.live).toHaveBeenCalledTimes(1)
  })
})
