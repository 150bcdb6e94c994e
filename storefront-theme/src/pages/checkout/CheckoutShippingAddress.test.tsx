// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProfileAnswer } from '../account/profile-types.js'
import { review } from '../../test/fixtures.js'
import { failure, pageProps, renderPage, type Call, type Routes } from '../../test/harness.js'
import { CheckoutShippingAddress } from './CheckoutShippingAddress.js'

afterEach(cleanup)

const ada = { type: 'customer', id: '1', name: 'Ada' }
/** What the address editor reads of a profile: an empty address book. */
const profile = { addressbook: [], creditcards: [] } as unknown as ProfileAnswer

/** Fills the new-address form with an address in the United States and saves it. */
async function saveAddress() {
  await screen.findByTestId('address-form')
  await waitFor(() =>
    expect((screen.getByTestId('address-country') as HTMLSelectElement).disabled).toBe(false),
  )
  fireEvent.change(screen.getByTestId('address-country'), { target: { value: 'us' } })
  for (const [field, value] of [
    ['addressee', 'Ada Lovelace'],
    ['addr1', '1 Engine Row'],
    ['city', 'Arlington'],
    ['zip', '22201'],
  ])
    fireEvent.change(screen.getByTestId(`address-${field}`), { target: { value } })
  fireEvent.click(screen.getByTestId('address-save'))
}

const lists = {
  'GET /ns/profile/get': { body: profile },
  'GET /data/list/country': { body: { list: [{ id: 'us', name: 'United States' }] } },
  'GET /data/get/country/us': { body: { id: 'us', regions: [] } },
}

/**
 * The new address page for Ada, whose address book takes the new address as `a7`; the cart
 * answers its choice as `shipping` says.
 */
function renderNewAddress(shipping: Routes[string]) {
  return renderPage(<CheckoutShippingAddress {...pageProps('/', { id: 'new' })} />, {
    account: ada,
    routes: {
      ...lists,
      'POST /ns/profile/update': { body: { ...profile, newid: { addressbook: 'a7' } } },
      'POST /checkout/shipping': shipping,
    },
  })
}

describe('a new address at checkout', () => {
  it('is the one the cart ships to once saved, and the shopper is back at the review', async () => {
    const shipping: Call[] = []
    const { navigated } = renderNewAddress((call) => {
      shipping.push(call)
      return { body: review() }
    })
    await saveAddress()
    await waitFor(() => expect(navigated).toEqual(['/checkout']))
    expect(shipping.map((call) => call.body)).toEqual([{ address: 'a7' }])
  })

  it('goes to the choice of addresses, saying why, when the cart cannot take it', async () => {
    const { navigated } = renderNewAddress(failure(404, 'ERROR_ADDRESS_NOT_AVAILABLE'))
    await saveAddress()
    await waitFor(() => expect(navigated).toEqual(['/checkout/shipping']))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Unable to Select')
  })
})
