// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { pageProps, renderPage } from '../../test/harness.js'
import { AccountCreditCards } from './index.js'

afterEach(cleanup)

const card = {
  internalid: 'c1',
  ccname: 'Ada Lovelace',
  ccexpiredate: '2031-07',
  paymentmethod: 'visa',
  ccnumber: '**** **** **** 4242',
  last4: '4242',
  brand: 'visa',
  cardstate: 'active',
  ccdefault: true,
  id: 'c1',
  name: 'Ada Lovelace',
  number: '************4242',
  number_fmt: '**** **** **** 4242',
  expireDate: '2031-07',
  paymentMethod: 'visa',
  default: true,
}

describe('the credit cards list', () => {
  it('shows each number in groups of four, its last four digits only', async () => {
    renderPage(<AccountCreditCards {...pageProps('/account/creditcards')} />, {
      account: { type: 'customer', id: '1', name: 'Ada' },
      href: '/account/creditcards',
      routes: { 'GET /ns/profile/get': { body: { addressbook: [], creditcards: [card] } } },
    })
    const number = await screen.findByTestId('card-number')
    expect(number.textContent).toBe('**** **** **** 4242')
    expect(document.body.textContent).not.toMatch(/\d{5}/)
  })
})
