// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { DialogProvider, SiteSettingsContext, siteSettingsOf } from '@shopwright/admin-ui/kit'
import type { SiteSettings } from '@shopwright/admin-ui/registry'
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import BinScreen from './BinScreen.js'
import recordsAdmin from './index.js'
import { RecordListScreen } from './RecordListScreen.js'
import { recordsSiteSettings } from './site-settings.js'

afterEach(cleanup)

const access = { view: true, edit: true, create: true, delete: true }
const CURRENCY = { type: 'recordtype', id: 'currency', name: 'Currency', fields: [], access }

function answer(path: string): unknown {
  if (path.startsWith('/data/recordtype/get/currency')) return CURRENCY
  if (path.startsWith('/data/list/currency'))
    return {
      list: [{ type: 'currency', id: 'usd' }],
      nextpage: null,
      pagesize: 1,
      pages: 1,
      page: 1,
    }
  if (path.startsWith('/data/bin/list')) return { list: [], nextpage: null }
  return 404
}

/** A screen under the settings the shell would give it (none: a panel outside the app). */
function open(address: string, path: string, element: ReactNode, settings?: SiteSettings | null) {
  const { client, calls } = fakeClient(() => answer)
  const screenElement = (
    <ClientContext.Provider value={client}>
      <DialogProvider>{element}</DialogProvider>
    </ClientContext.Provider>
  )
  renderAt(address, null, [
    {
      path,
      element:
        settings === undefined ? (
          screenElement
        ) : (
          <SiteSettingsContext.Provider value={settings}>
            {screenElement}
          </SiteSettingsContext.Provider>
        ),
    },
  ])
  return calls
}

const sized = (adminlist: number) => siteSettingsOf({ pageSizes: { adminlist } })

describe('page sizes from the pagination configuration', () => {
  it('provides the shell the pagination and web configuration records', async () => {
    expect(recordsAdmin.siteSettings).toBe(recordsSiteSettings)
    const read = fakeClient(() => (path) => {
      if (path.startsWith('/data/get/configuration/pagination')) return { adminlist: 30 }
      if (path.startsWith('/data/get/configuration/web')) return { titlesuffix: ' | Acme' }
      return 404
    })
    expect(await recordsSiteSettings.settings(read.client)).toEqual({
      pageSizes: { adminlist: 30 },
      titleSuffix: ' | Acme',
    })
    // Staff without view on configuration: nothing, and the shell keeps its defaults.
    const refused = fakeClient(() => () => 403)
    expect(await recordsSiteSettings.settings(refused.client)).toBeNull()
    const onlyWeb = fakeClient(
      () => (path) =>
        path.startsWith('/data/get/configuration/web') ? { titlesuffix: ' | Acme' } : 404,
    )
    expect(await recordsSiteSettings.settings(onlyWeb.client)).toEqual({ titleSuffix: ' | Acme' })
  })

  it('lists records by the configured admin list size, asking nothing until it is known', async () => {
    const calls = open(
      '/data/currency',
      '/data/currency',
      <RecordListScreen type="currency" />,
      sized(30),
    )
    await screen.findByText('usd')
    expect(calls.filter((call) => call.startsWith('/data/list/'))).toEqual([
      '/data/list/currency?pagesize=30&page=1',
    ])
    cleanup()
    const waiting = open(
      '/data/currency',
      '/data/currency',
      <RecordListScreen type="currency" />,
      null,
    )
    await waitFor(() =>
      expect(waiting.some((call) => call.startsWith('/data/recordtype/'))).toBe(true),
    )
    expect(waiting.filter((call) => call.startsWith('/data/list/'))).toEqual([])
  })

  it('falls back to the specification’s 100 outside the shell or without a configuration', async () => {
    const calls = open('/data/currency', '/data/currency', <RecordListScreen type="currency" />)
    await screen.findByText('usd')
    expect(calls.filter((call) => call.startsWith('/data/list/'))).toEqual([
      '/data/list/currency?pagesize=100&page=1',
    ])
  })

  it('pages the bin by the admin list size too', async () => {
    const calls = open('/bin', '/bin', <BinScreen />, sized(7))
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('/data/bin/list'))).toEqual([
        '/data/bin/list?pagesize=7',
      ]),
    )
  })
})
