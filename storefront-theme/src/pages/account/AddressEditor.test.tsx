// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { pageProps, renderPage, type Call } from '../../test/harness.js'
import { AccountAddress } from './index.js'

afterEach(cleanup)

const ada = { type: 'customer', id: '1', name: 'Ada' }
/** A saved line as the profile answers it: the kept names and the specification's. */
const saved = {
  id: 'a1',
  addressee: 'Ada',
  addr1: '1 Engine Row',
  addr2: '',
  city: 'Arlington',
  state: '',
  country: 'us',
  zip: '22201',
  addrphone: '',
  defaultbilling: true,
  defaultshipping: true,
  isresidential: false,
  address1: '1 Engine Row',
  address2: '',
  region: '',
  postalCode: '22201',
  phone: '',
  isResidential: false,
  defaultShipping: true,
  defaultBilling: true,
}
const profile = { addressbook: [saved], creditcards: [] }

/** The editor of `id`, with `props` as the route's; the update answers as today's server does. */
function renderEditor(id: string, props: Record<string, string> = {}) {
  const updates: Call[] = []
  const rendered = renderPage(<AccountAddress {...pageProps('/', { id }, props)} />, {
    account: ada,
    href: `/account/address/${id}`,
    routes: {
      'GET /ns/profile/get': { body: profile },
      'GET /data/list/country': { body: { list: [{ id: 'us', name: 'United States' }] } },
      'GET /data/get/country/us': { body: { id: 'us', regions: [] } },
      'POST /ns/profile/update': (call) => {
        updates.push(call)
        return {
          body: {
            ...profile,
            addressbook: { list: [saved], newid: 'a2' },
            creditcards: { list: [] },
            newid: { addressbook: 'a2' },
          },
        }
      },
    },
  })
  return { ...rendered, updates }
}

async function fillNew() {
  await screen.findByTestId('address-form')
  await waitFor(() =>
    expect((screen.getByTestId('address-country') as HTMLSelectElement).disabled).toBe(false),
  )
  fireEvent.change(screen.getByTestId('address-country'), { target: { value: 'us' } })
  for (const [field, value] of [
    ['addr1', '2 Mill Lane'],
    ['city', 'Arlington'],
    ['zip', '22202'],
  ])
    fireEvent.change(screen.getByTestId(`address-${field}`), { target: { value } })
}

describe('the address editor', () => {
  it('sets isresidential, and goes back to the book once saved', async () => {
    const { updates, navigated } = renderEditor('new')
    await fillNew()
    fireEvent.click(screen.getByTestId('address-isresidential'))
    fireEvent.click(screen.getByTestId('address-save'))
    await waitFor(() => expect(navigated).toEqual(['/account/addressbook']))
    expect(updates[0]?.body).toEqual({
      addressbook: {
        new: expect.objectContaining({ addr1: '2 Mill Lane', isresidential: true }),
      },
    })
  })

  it("sends a saved line back in the kept names only, so an edit never disagrees with the specification's", async () => {
    const { updates } = renderEditor('a1')
    await screen.findByTestId('address-form')
    fireEvent.change(screen.getByTestId('address-addr1'), { target: { value: '3 New St' } })
    fireEvent.click(screen.getByTestId('address-save'))
    await waitFor(() => expect(updates).toHaveLength(1))
    const sent = (updates[0]?.body as { addressbook: { a1: Record<string, unknown> } }).addressbook
      .a1
    expect(sent.addr1).toBe('3 New St')
    expect(Object.keys(sent)).not.toContain('address1')
    expect(Object.keys(sent)).not.toContain('postalCode')
  })

  it('told the address is already the defaults, offers no default choices and sends both set', async () => {
    const { updates } = renderEditor('new', { defaults: 'true' })
    await fillNew()
    expect(screen.queryByText('Default shipping address')).toBeNull()
    expect(screen.queryByText('Default billing address')).toBeNull()
    const hidden = document.querySelectorAll<HTMLInputElement>('input[type="hidden"]')
    expect([...hidden].map((input) => [input.name, input.value])).toEqual([
      ['defaultshipping', 'true'],
      ['defaultbilling', 'true'],
    ])
    fireEvent.click(screen.getByTestId('address-save'))
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]?.body).toEqual({
      addressbook: {
        new: expect.objectContaining({ defaultshipping: true, defaultbilling: true }),
      },
    })
  })

  it('offers the default choices otherwise', async () => {
    renderEditor('new')
    await screen.findByTestId('address-form')
    expect(screen.getByText('Default shipping address')).toBeTruthy()
    expect(screen.getByText('Default billing address')).toBeTruthy()
  })
})
