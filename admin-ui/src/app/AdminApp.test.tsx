// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryError } from '@shopwright/client'
import { Breadcrumbs } from '../kit/Breadcrumbs.js'
import type { AdminModule } from '../registry/index.js'
import { AdminApp } from './AdminApp.js'
import { loadPage } from './page-load.js'
import { memoryAuth } from './test-auth.js'
import { fakeClient } from './test-client.js'

vi.mock('./page-load.js', () => ({ loadPage: vi.fn() }))

const customers: AdminModule = {
  plugin: 'shop',
  panels: [
    {
      path: '/data',
      security: 'admin',
      menu: { label: 'Data', icon: 'database', order: 10 },
      Component: lazy(async () => ({ default: () => <p data-testid="panel">Customers</p> })),
    },
    {
      path: '/data/:recordtype',
      Component: lazy(async () => ({
        default: () => (
          <Breadcrumbs items={[{ label: 'Data', to: '/data' }, { label: 'Customer' }]} />
        ),
      })),
    },
    {
      path: '/log',
      security: 'log',
      menu: { label: 'Log', icon: 'text-box-outline', order: 20, description: 'What happened.' },
      Component: lazy(async () => ({ default: () => <p data-testid="log">Log</p> })),
    },
  ],
}

let people: ReturnType<typeof memoryAuth>
let calls: string[]

function mount(modules: AdminModule[]) {
  const fake = fakeClient(
    () => (path) => (path.startsWith('/access/') ? { admin: { view: true, edit: true } } : 404),
  )
  calls = fake.calls
  return render(<AdminApp modules={modules} client={fake.client} />)
}

beforeEach(() => {
  people = memoryAuth({ 'ada@example.com': { password: 'secret12', name: 'Ada' } })
  vi.mocked(loadPage).mockClear()
  window.history.replaceState(null, '', '/data')
})
afterEach(cleanup)

describe('the admin shell', () => {
  it('signs in, shows and signs out through the provided sign-in', async () => {
    people.signIn('ada@example.com')
    mount([customers, { plugin: 'people', auth: people.auth }])
    expect((await screen.findByTestId('panel')).textContent).toBe('Customers')
    expect(screen.getByTestId('account-name').textContent).toBe('Ada')
    expect(document.querySelector('.sw-admin-account img')?.getAttribute('src')).toBe(
      '/pictures/ada@example.com.png',
    )
    await waitFor(() => expect(screen.getByTestId('menu-data')).toBeTruthy())
    fireEvent.click(screen.getByTestId('logout'))
    await waitFor(() =>
      expect(loadPage).toHaveBeenCalledWith('/login?next=%2Fdata', { replace: true }),
    )
    expect(people.auth.logout).toHaveBeenCalledTimes(1)
    // The shell's own calls are the kernel's (rights); sign-in is all the provider's.
    expect(calls.every((call) => call.startsWith('/access/'))).toBe(true)
  })

  it('names each screen in the document title: its trail, else its menu entry', async () => {
    people.signIn('ada@example.com')
    mount([customers, { plugin: 'people', auth: people.auth }])
    await screen.findByTestId('panel')
    await waitFor(() => expect(document.title).toBe('Data · Shopwright admin'))
    window.history.pushState(null, '', '/data/customer')
    window.dispatchEvent(new PopStateEvent('popstate'))
    await waitFor(() => expect(document.title).toBe('Customer · Data · Shopwright admin'))
  })

  it('highlights one menu entry, the deepest whose address the path is or lies below', async () => {
    const live: AdminModule = {
      plugin: 'globe',
      panels: [
        {
          path: '/globe',
          security: 'admin',
          menu: { label: 'Globe', icon: 'earth', order: 14 },
          Component: lazy(async () => ({ default: () => <p data-testid="globe">Globe</p> })),
        },
        {
          path: '/globe/live',
          security: 'admin',
          menu: { label: 'Live Globe', icon: 'earth', order: 15 },
          Component: lazy(async () => ({ default: () => <p data-testid="live">Live</p> })),
        },
      ],
    }
    const highlighted = () =>
      [...document.querySelectorAll('.sw-admin-menu a')]
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => [link.textContent?.trim(), link.classList.contains('active')])
    window.history.replaceState(null, '', '/globe/live')
    people.signIn('ada@example.com')
    mount([customers, live, { plugin: 'people', auth: people.auth }])
    await screen.findByTestId('live')
    await screen.findByTestId('menu-data')
    expect(highlighted()).toEqual([['Live Globe', true]])
    expect(screen.getByTestId('menu-globe').className).toBe('')
    // A record below /data (no entry of its own) highlights Data.
    window.history.pushState(null, '', '/data/customer')
    window.dispatchEvent(new PopStateEvent('popstate'))
    await waitFor(() => expect(highlighted()).toEqual([['Data', true]]))
  })

  it('opens at the admin home with a card for each screen the user may open', async () => {
    window.history.replaceState(null, '', '/admin')
    people.signIn('ada@example.com')
    mount([customers, { plugin: 'people', auth: people.auth }])
    const home = await screen.findByTestId('admin-home')
    // Rights: view on admin only, so the log's card and menu entry are not shown.
    await waitFor(() => expect(home.querySelectorAll('a')).toHaveLength(1))
    expect(screen.getByTestId('home-/data').getAttribute('href')).toBe('/data')
    expect(screen.queryByTestId('home-/log')).toBeNull()
    expect(screen.queryByTestId('menu-log')).toBeNull()
    expect(document.title).toBe('Admin home · Shopwright admin')
  })

  it('shows the dashboard cards the user may view, each failing on its own', async () => {
    const figures: AdminModule = {
      plugin: 'figures',
      dashboard: [
        {
          id: 'sales',
          security: 'admin',
          order: 20,
          Component: lazy(async () => ({ default: () => <p data-testid="sales">Sales</p> })),
        },
        {
          id: 'broken',
          order: 10,
          Component: lazy(async () => ({
            default: () => {
              throw new Error('the figures did not come')
            },
          })),
        },
        {
          id: 'secret',
          security: 'log',
          order: 30,
          Component: lazy(async () => ({ default: () => <p data-testid="secret">Log</p> })),
        },
      ],
    }
    window.history.replaceState(null, '', '/admin')
    people.signIn('ada@example.com')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mount([customers, figures, { plugin: 'people', auth: people.auth }])
    expect((await screen.findByTestId('sales')).textContent).toBe('Sales')
    const cards = [...screen.getByTestId('dashboard').children].map((card) =>
      card.getAttribute('data-testid'),
    )
    // In their order; the card of a record the user may not view is not there at all.
    expect(cards).toEqual(['card-figures-broken', 'card-figures-sales'])
    expect(
      (await screen.findByTestId('card-figures-broken')).querySelector('[data-testid=error-view]'),
    ).toBeTruthy()
    expect(screen.queryByTestId('secret')).toBeNull()
    // The screens the user may open still follow the cards.
    expect(screen.getByTestId('home-/data')).toBeTruthy()
  })

  it("shows 'Page not Found' inside the shell for an address no panel answers", async () => {
    window.history.replaceState(null, '', '/data/customer/7/nothing')
    people.signIn('ada@example.com')
    mount([customers, { plugin: 'people', auth: people.auth }])
    expect((await screen.findByTestId('error-view')).textContent).toContain('Page not Found')
    expect(screen.getByTestId('account-name').textContent).toBe('Ada')
    await waitFor(() => expect(document.title).toBe('Page not Found · Shopwright admin'))
  })

  it('opens the menu as a drawer that makes the page inert, and closes it on Escape', async () => {
    people.signIn('ada@example.com')
    mount([customers, { plugin: 'people', auth: people.auth }])
    await screen.findByTestId('panel')
    // The menu's rights arrive after the panel; under load their render can follow the click.
    await screen.findByTestId('menu-data')
    expect(screen.getByTestId('admin-menu-button').getAttribute('aria-expanded')).toBe('false')
    await waitFor(() => {
      const menuButton = screen.getByTestId('admin-menu-button')
      if (menuButton.getAttribute('aria-expanded') !== 'true') fireEvent.click(menuButton)
      expect(menuButton.getAttribute('aria-expanded')).toBe('true')
    })
    const button = screen.getByTestId('admin-menu-button')
    expect(document.querySelector('main')?.hasAttribute('inert')).toBe(true)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('menu-data')))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.querySelector('main')?.hasAttribute('inert')).toBe(false)
    expect(document.activeElement).toBe(button)
  })

  it('sends a visitor nobody signed in to /login, to come back here', async () => {
    mount([customers, { plugin: 'people', auth: people.auth }])
    await waitFor(() =>
      expect(loadPage).toHaveBeenCalledWith('/login?next=%2Fdata', { replace: true }),
    )
    expect(screen.queryByTestId('panel')).toBeNull()
  })

  it('shows why when the provider cannot say who is signed in', async () => {
    people.auth.identity.mockRejectedValueOnce(
      new QueryError('ERROR_DATA_CONNECTION', { status: 503, url: '/query/test' }),
    )
    mount([customers, { plugin: 'people', auth: people.auth }])
    expect((await screen.findByTestId('error-view')).textContent).toContain('Connection failed.')
    expect(loadPage).not.toHaveBeenCalled()
  })

  it('says so, and opens nothing, when no running plugin provides sign-in', async () => {
    mount([customers])
    expect((await screen.findByTestId('no-sign-in')).textContent).toContain(
      'No running plugin provides sign-in',
    )
    expect(screen.queryByTestId('panel')).toBeNull()
    expect(loadPage).not.toHaveBeenCalled()
  })

  it('names the plugins when two provide sign-in, and uses neither', async () => {
    const other = memoryAuth({})
    mount([customers, { plugin: 'people', auth: people.auth }, { plugin: 'sso', auth: other.auth }])
    expect((await screen.findByTestId('service-conflict')).textContent).toContain(
      'More than one running plugin provides auth (people, sso)',
    )
    expect(people.auth.identity).not.toHaveBeenCalled()
    expect(other.auth.identity).not.toHaveBeenCalled()
  })
})
