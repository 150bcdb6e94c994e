// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '@shopwright/client'
import { Address, renderAt } from '@shopwright/admin-ui/testing'
import type { AuthProvider } from '@shopwright/admin-ui/registry'
// The app's client and session contexts: the screens read the types and who is signed in.
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { SessionProvider } from '../../../../admin-ui/src/app/session.js'
import { RecordListScreen } from './RecordListScreen.js'
import { RecordScreen } from './RecordScreen.js'
import RecordTypesScreen from './RecordTypesScreen.js'

afterEach(cleanup)

const access = { view: true, edit: true, create: true, delete: true }
const RECORDTYPE = {
  type: 'recordtype',
  id: 'recordtype',
  name: 'Record type',
  idrequired: true,
  fields: [
    { id: 'name', name: 'Name', datatype: 'text', showinlist: true },
    {
      id: 'security',
      name: 'Security',
      datatype: 'text',
      recordtype: 'security',
      showinlist: true,
    },
  ],
  access,
}
const SECURITY_TYPE = {
  type: 'recordtype',
  id: 'security',
  name: 'Security',
  fields: [{ id: 'name', name: 'Name', datatype: 'text', showinlist: true }],
  access,
}
const SECURITY_RECORDS = [
  { type: 'security', id: 'configuration', name: 'Configuration' },
  { type: 'security', id: 'drive', name: 'Drive' },
]

interface Call {
  method: string
  path: string
  body: unknown
}

/** A site with the type `gadget` (no security) and `item` (configuration's); posts change it. */
function site() {
  const types: Record<string, Record<string, unknown>> = {
    gadget: { type: 'recordtype', id: 'gadget', name: 'Gadget', fields: [] },
    item: { type: 'recordtype', id: 'item', name: 'Item', fields: [], security: 'configuration' },
  }
  const calls: Call[] = []
  const answer = (method: string, path: string, body: unknown): unknown => {
    if (path.startsWith('/data/recordtype/get/recordtype')) return RECORDTYPE
    if (path.startsWith('/data/recordtype/get/security')) return SECURITY_TYPE
    if (path.startsWith('/data/recordtype/list'))
      return { list: Object.values(types).map((type) => ({ ...type, access })), nextpage: null }
    if (path.startsWith('/data/list/recordtype'))
      return { list: Object.values(types), nextpage: null, pagesize: 100, pages: 1, page: 1 }
    if (path.startsWith('/data/list/security'))
      return { list: SECURITY_RECORDS, nextpage: null, pagesize: 1000, pages: 1, page: 1 }
    const get = /^\/data\/get\/recordtype\/(\w+)/.exec(path)
    if (get) return types[get[1]!] ?? 404
    const update = /^\/data\/update\/recordtype\/(\w+)/.exec(path)
    if (method === 'POST' && update) {
      const type = types[update[1]!]!
      for (const { field, value } of body as Array<{ field: string; value: unknown }>)
        type[field] = value
      return type
    }
    return 404
  }
  const client = createQueryClient({
    device: 'test',
    fetch: async (url, init) => {
      const address = new URL(url, 'http://localhost')
      const path = decodeURIComponent(address.pathname.slice('/query'.length) + address.search)
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
      calls.push({ method, path, body })
      const value = answer(method, path, body)
      const status = typeof value === 'number' ? value : 200
      const sent = typeof value === 'number' ? { ok: false, message: 'ERROR_ACCESS_DENIED' } : value
      return { status, headers: { get: () => null }, text: async () => JSON.stringify(sent) }
    },
  })
  return { client, calls, types }
}

/** Sign-in that answers one person with these roles. */
function signedIn(roles: string[]): AuthProvider {
  return {
    identity: async () => ({ id: 'person/1', name: 'Pat', email: 'pat@example.com', roles }),
    preview: async () => ({ email: 'pat@example.com', name: 'Pat' }),
    login: async () => ({
      status: 'signed-in',
      identity: { id: 'person/1', name: 'Pat', email: 'pat@example.com', roles },
    }),
    logout: async () => undefined,
  }
}

/** A screen at its address, signed in with `roles`, over a fresh site. */
function open(address: string, path: string, element: ReactNode, roles: string[]) {
  const made = site()
  renderAt(address, null, [
    {
      path,
      element: (
        <ClientContext.Provider value={made.client}>
          <SessionProvider auth={signedIn(roles)}>
            {element}
            <Address />
          </SessionProvider>
        </ClientContext.Provider>
      ),
    },
  ])
  return made
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST')

describe('the record type editor', () => {
  it('shows "Administrators only" and attaches a picked security record through the save call', async () => {
    const { calls, types } = open(
      '/data/recordtype/gadget',
      '/data/recordtype/:id',
      <RecordScreen type="recordtype" />,
      ['administrator'],
    )
    const state = await screen.findByTestId('type-security')
    expect(state.textContent).toContain('Administrators only')
    expect(state.textContent).toContain('only administrators may see or change its records')
    const picker = within(state).getByTestId('attach-security') as HTMLSelectElement
    await waitFor(() => expect(picker.disabled).toBe(false))
    // The security records by name, each with its id.
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      'Attach a security record...',
      'Configuration (configuration)',
      'Drive (drive)',
    ])
    fireEvent.change(picker, { target: { value: 'configuration' } })
    await waitFor(() => expect(screen.queryByTestId('type-security')).toBeNull())
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/data/update/recordtype/gadget',
        body: [{ field: 'security', value: 'configuration' }],
      },
    ])
    expect(types.gadget!.security).toBe('configuration')
  })

  it('shows the state without a picker to someone who is not an administrator', async () => {
    const { calls } = open(
      '/data/recordtype/gadget',
      '/data/recordtype/:id',
      <RecordScreen type="recordtype" />,
      ['development'],
    )
    const state = await screen.findByTestId('type-security')
    expect(state.textContent).toContain('Administrators only')
    expect(state.textContent).toContain('Only an administrator may attach one.')
    expect(within(state).queryByTestId('attach-security')).toBeNull()
    expect(posts(calls)).toEqual([])
  })

  it('shows nothing of the kind for a type that names a security record', async () => {
    open('/data/recordtype/item', '/data/recordtype/:id', <RecordScreen type="recordtype" />, [
      'administrator',
    ])
    await screen.findByTestId('record-editor')
    await screen.findByDisplayValue('Item')
    expect(screen.queryByTestId('administrators-only')).toBeNull()
  })
})

describe('where record types are listed', () => {
  it('/data: the Security column shows the state, and the picker saves without opening the type', async () => {
    const { calls, types } = open('/data', '/data', <RecordTypesScreen />, ['administrator'])
    const table = await screen.findByTestId('record-types')
    await waitFor(() => expect(within(table).getAllByTestId('administrators-only')).toHaveLength(1))
    const picker = within(table).getByTestId('attach-security') as HTMLSelectElement
    await waitFor(() => expect(picker.disabled).toBe(false))
    // A click on the picker stays in its cell: the row does not open its type.
    fireEvent.click(picker)
    fireEvent.change(picker, { target: { value: 'drive' } })
    await waitFor(() => expect(within(table).queryByTestId('administrators-only')).toBeNull())
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/data/update/recordtype/gadget',
        body: [{ field: 'security', value: 'drive' }],
      },
    ])
    expect(types.gadget!.security).toBe('drive')
    expect(screen.getByTestId('address').textContent).toBe('/data')
    expect(table.textContent).toContain('configuration')
  })

  it('/data/recordtype: the security column says "Administrators only", with no picker for staff', async () => {
    const { calls } = open(
      '/data/recordtype',
      '/data/recordtype',
      <RecordListScreen type="recordtype" />,
      ['development'],
    )
    const badge = await screen.findByTestId('administrators-only')
    expect(badge.textContent).toContain('Administrators only')
    expect(screen.queryByTestId('attach-security')).toBeNull()
    expect(screen.getAllByTestId('administrators-only')).toHaveLength(1)
    expect(posts(calls)).toEqual([])
  })
})
