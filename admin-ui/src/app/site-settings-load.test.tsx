// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_SIZES } from '@shopwright/client'
import { siteSettingsOf, usePageSize } from '../kit/site-settings.js'
import type { AdminModule, SiteSettingsProvider } from '../registry/index.js'
import { AdminApp } from './AdminApp.js'
import { memoryAuth } from './test-auth.js'
import { fakeClient } from './test-client.js'

vi.mock('./page-load.js', () => ({ loadPage: vi.fn() }))

function Sizes() {
  const list = usePageSize('adminlist')
  const grid = usePageSize('admingrid')
  return <p data-testid="sizes">{`${list} ${grid}`}</p>
}

const panel: AdminModule = {
  plugin: 'shop',
  panels: [
    {
      path: '/data',
      security: 'admin',
      menu: { label: 'Data', icon: 'database', order: 10 },
      Component: lazy(async () => ({ default: Sizes })),
    },
  ],
}

let people: ReturnType<typeof memoryAuth>

function mount(settings?: SiteSettingsProvider) {
  const { client } = fakeClient(
    () => (path) => (path.startsWith('/access/') ? { admin: { view: true } } : 404),
  )
  people.signIn('ada@example.com')
  const modules: AdminModule[] = [panel, { plugin: 'people', auth: people.auth }]
  if (settings) modules.push({ plugin: 'records', siteSettings: settings })
  render(<AdminApp modules={modules} client={client} />)
}

beforeEach(() => {
  people = memoryAuth({ 'ada@example.com': { password: 'secret12', name: 'Ada' } })
  window.history.replaceState(null, '', '/data')
})
afterEach(cleanup)

describe('the site settings the shell gives its screens', () => {
  it('hands screens the configured page sizes, the others at their defaults', async () => {
    mount({ settings: async () => ({ pageSizes: { adminlist: 40, admingrid: 'many' } }) })
    await waitFor(() =>
      expect(screen.getByTestId('sizes').textContent).toBe(`40 ${PAGE_SIZES.admingrid}`),
    )
  })

  it('falls back to the specification’s sizes when the configuration is unreadable, fails or no plugin keeps it', async () => {
    mount({ settings: async () => null })
    await waitFor(() => expect(screen.getByTestId('sizes').textContent).toBe('100 24'))
    cleanup()
    mount({ settings: async () => Promise.reject(new Error('down')) })
    await waitFor(() => expect(screen.getByTestId('sizes').textContent).toBe('100 24'))
    cleanup()
    mount()
    await waitFor(() => expect(screen.getByTestId('sizes').textContent).toBe('100 24'))
  })

  it('keeps only whole sizes of 1 to 1000 and a text suffix', () => {
    const sizes = siteSettingsOf({
      pageSizes: {
        adminlist: 0,
        adminsublist: 1001,
        admingrid: 2.5,
        weblist: '50',
        webgrid: 12,
        folder: 1000,
      },
      titleSuffix: 7,
    })
    expect(sizes).toEqual({
      pageSizes: { ...PAGE_SIZES, webgrid: 12, folder: 1000 },
      titleSuffix: '',
    })
    expect(siteSettingsOf(null)).toEqual({ pageSizes: PAGE_SIZES, titleSuffix: '' })
  })
})
