// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminModule } from '../registry/index.js'
import { AdminApp } from './AdminApp.js'
import { memoryAuth } from './test-auth.js'
import { fakeClient } from './test-client.js'

vi.mock('./page-load.js', () => ({ loadPage: vi.fn() }))

/** A plugin with one menu entry at an address, under a security record of the same name. */
const plugin = (label: string, to: string, order: number): AdminModule => ({
  plugin: label,
  panels: [
    {
      path: to,
      security: label.toLowerCase(),
      menu: { label, icon: 'cog', order },
      Component: lazy(async () => ({ default: () => <p>{label}</p> })),
    },
  ],
})

afterEach(cleanup)

describe('the admin menu', () => {
  it("shows the entries in the specification's order, whatever numbers their plugins give", async () => {
    // Registered out of order, Sessions numbered before Translation as its plugin once did.
    const modules = [
      plugin('Bin', '/bin', 140),
      plugin('Sessions', '/sessions', 45),
      plugin('Translation', '/data/translation', 50),
      plugin('Orders', '/orders', 5),
      plugin('Drive', '/drive', 60),
      plugin('Data', '/data', 10),
    ]
    const people = memoryAuth({ 'ada@example.com': { password: 'secret12', name: 'Ada' } })
    people.signIn('ada@example.com')
    const { client } = fakeClient(() => (path) => {
      if (!path.startsWith('/access/')) return 404
      // Every right on every record asked, except the bin: its entry is not shown.
      const ids = path.slice('/access/'.length).split(',')
      return Object.fromEntries(ids.map((id) => [id, { view: id !== 'bin' }]))
    })
    window.history.replaceState(null, '', '/data')
    render(
      <AdminApp modules={[...modules, { plugin: 'people', auth: people.auth }]} client={client} />,
    )
    await screen.findByTestId('menu-data')
    const menu = screen.getByRole('navigation', { name: 'Admin menu' })
    await waitFor(() =>
      expect([...menu.querySelectorAll('a')].map((link) => link.textContent?.trim())).toEqual([
        'Orders',
        'Data',
        'Translation',
        'Drive',
        'Sessions',
      ]),
    )
  })
})
