// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Breadcrumbs } from '../kit/Breadcrumbs.js'
import { documentTitle } from '../kit/document-title.js'
import type { AdminModule, SiteSettingsProvider } from '../registry/index.js'
import { AdminApp } from './AdminApp.js'
import { memoryAuth } from './test-auth.js'
import { fakeClient } from './test-client.js'

vi.mock('./page-load.js', () => ({ loadPage: vi.fn() }))

const screens: AdminModule = {
  plugin: 'shop',
  panels: [
    {
      path: '/data',
      security: 'admin',
      menu: { label: 'Data', icon: 'database', order: 10 },
      Component: lazy(async () => ({ default: () => <p data-testid="panel">Types</p> })),
    },
    {
      path: '/data/:recordtype',
      Component: lazy(async () => ({
        default: () => (
          <Breadcrumbs items={[{ label: 'Data', to: '/data' }, { label: 'Customer' }]} />
        ),
      })),
    },
  ],
}

function mount(settings?: SiteSettingsProvider) {
  const people = memoryAuth({ 'ada@example.com': { password: 'secret12', name: 'Ada' } })
  people.signIn('ada@example.com')
  const { client } = fakeClient(
    () => (path) => (path.startsWith('/access/') ? { admin: { view: true } } : 404),
  )
  const modules: AdminModule[] = [screens, { plugin: 'people', auth: people.auth }]
  if (settings) modules.push({ plugin: 'records', siteSettings: settings })
  render(<AdminApp modules={modules} client={client} />)
}

beforeEach(() => window.history.replaceState(null, '', '/data'))
afterEach(cleanup)

describe("the web configuration's title suffix", () => {
  it('ends the title a menu entry gives a screen, and the one its breadcrumbs give', async () => {
    mount({ settings: async () => ({ titleSuffix: ' | Acme' }) })
    await screen.findByTestId('panel')
    await waitFor(() => expect(document.title).toBe('Data · Shopwright admin | Acme'))
    window.history.pushState(null, '', '/data/customer')
    window.dispatchEvent(new PopStateEvent('popstate'))
    await waitFor(() => expect(document.title).toBe('Customer · Data · Shopwright admin | Acme'))
  })

  it('adds nothing when the site has no suffix or the caller may not read it', async () => {
    mount({ settings: async () => null })
    await screen.findByTestId('panel')
    await waitFor(() => expect(document.title).toBe('Data · Shopwright admin'))
    cleanup()
    window.history.replaceState(null, '', '/data/customer')
    mount({ settings: async () => ({ titleSuffix: '' }) })
    await waitFor(() => expect(document.title).toBe('Customer · Data · Shopwright admin'))
  })

  it('is added as written, its separator its own, as the storefront adds it', () => {
    expect(documentTitle(['Log'], 'Shopwright admin', ' — Acme Shop')).toBe(
      'Log · Shopwright admin — Acme Shop',
    )
    expect(documentTitle([], 'Shopwright admin')).toBe('Shopwright admin')
  })
})
