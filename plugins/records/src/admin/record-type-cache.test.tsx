// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { DialogProvider } from '@shopwright/admin-ui/kit'
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import BinScreen from './BinScreen.js'
import { RecordListScreen } from './RecordListScreen.js'
import { forgetRecordTypes, RECORD_TYPE_CACHE } from './record-type-cache.js'

afterEach(cleanup)

const access = { view: true, edit: true, create: true, delete: true }
const CURRENCY = { type: 'recordtype', id: 'currency', name: 'Currency', fields: [], access }

function answer(path: string): unknown {
  if (path.startsWith('/data/recordtype/get/')) return CURRENCY
  if (path.startsWith('/data/list/currency'))
    return {
      list: [{ type: 'currency', id: 'usd' }],
      nextpage: null,
      pagesize: 1,
      pages: 1,
      page: 1,
    }
  if (path.startsWith('/data/bin/list'))
    return {
      list: [{ type: 'recordtype', id: 'coupon', name: 'Coupon', binned: '2026-01-01' }],
      nextpage: null,
    }
  if (path.startsWith('/data/restore/')) return { list: [] }
  return 404
}

/** One client for the page's life, as the app has: screens come and go over it. */
function page() {
  const fake = fakeClient(() => answer)
  const open = (address: string, path: string, element: ReactNode) =>
    renderAt(address, null, [
      {
        path,
        element: (
          <ClientContext.Provider value={fake.client}>
            <DialogProvider>{element}</DialogProvider>
          </ClientContext.Provider>
        ),
      },
    ])
  const typeReads = () => fake.calls.filter((call) => call.startsWith('/data/recordtype/get/'))
  return { ...fake, open, typeReads }
}

const list = <RecordListScreen type="currency" />

describe('the record type, kept for the page’s life', () => {
  it('is read once however often its screens open', async () => {
    expect(RECORD_TYPE_CACHE).toBe('local')
    const { open, typeReads, calls } = page()
    open('/data/currency', '/data/currency', list)
    await screen.findByText('usd')
    cleanup()
    open('/data/currency', '/data/currency', list)
    await screen.findByText('usd')
    expect(typeReads()).toEqual(['/data/recordtype/get/currency'])
    // The records themselves are asked each time.
    expect(calls.filter((call) => call.startsWith('/data/list/'))).toHaveLength(2)
  })

  it('is read again on Refresh', async () => {
    const { open, typeReads } = page()
    open('/data/currency', '/data/currency', list)
    await screen.findByText('usd')
    fireEvent.click(screen.getByTestId('refresh'))
    await waitFor(() => expect(typeReads()).toHaveLength(2))
  })

  it('is forgotten after a write that may change one: a restore from the bin', async () => {
    const { open, typeReads, calls } = page()
    open('/data/currency', '/data/currency', list)
    await screen.findByText('usd')
    cleanup()
    open('/bin', '/bin', <BinScreen />)
    await screen.findByText('Coupon')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row' }))
    fireEvent.click(screen.getByTestId('restore'))
    await waitFor(() => expect(calls).toContain('/data/restore/recordtype|coupon'))
    cleanup()
    open('/data/currency', '/data/currency', list)
    await screen.findByText('usd')
    await waitFor(() => expect(typeReads()).toHaveLength(2))
  })

  it('forgets every kept type at once', async () => {
    const { client, typeReads } = page()
    await client.get('/data/recordtype/get/currency', {}, { cache: RECORD_TYPE_CACHE })
    await client.get('/data/recordtype/get/item', {}, { cache: RECORD_TYPE_CACHE })
    await client.get('/data/recordtype/get/currency', {}, { cache: RECORD_TYPE_CACHE })
    expect(typeReads()).toHaveLength(2)
    forgetRecordTypes(client)
    await client.get('/data/recordtype/get/currency', {}, { cache: RECORD_TYPE_CACHE })
    await client.get('/data/recordtype/get/item', {}, { cache: RECORD_TYPE_CACHE })
    expect(typeReads()).toHaveLength(4)
  })
})
