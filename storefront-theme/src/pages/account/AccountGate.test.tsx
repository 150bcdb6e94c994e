// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { failure, pageProps, renderPage, type Answer } from '../../test/harness.js'
import { AccountAddressBook, AccountCreditCards, AccountOverview } from './index.js'

afterEach(cleanup)

const ada = { type: 'customer', id: '1', name: 'Ada Lovelace' }

/** An account screen whose profile call answers `profile`. */
function renderWith(Screen: typeof AccountAddressBook, href: string, profile: Answer) {
  return renderPage(<Screen {...pageProps(href)} />, {
    account: ada,
    href,
    routes: { 'GET /ns/profile/get': profile },
  })
}

describe('an account list that cannot load', () => {
  it("is titled with the address book's failure when the server fails", async () => {
    renderWith(AccountAddressBook, '/account/addressbook', failure(503, 'ERROR_DATA_CONNECTION'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to View Address Book.' }),
    ).toBeTruthy()
  })

  it("is titled with the credit cards' failure when the server fails", async () => {
    renderWith(AccountCreditCards, '/account/creditcards', failure(500, 'ERROR_INTERNAL'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to View Credit Cards.' }),
    ).toBeTruthy()
  })

  it('is titled with its failure when the profile holds no list', async () => {
    renderWith(AccountAddressBook, '/account/addressbook', { body: { creditcards: [] } })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to View Address Book.' }),
    ).toBeTruthy()
  })

  it('shows access denied when the profile is refused, on a list as elsewhere', async () => {
    renderWith(AccountCreditCards, '/account/creditcards', failure(401, 'ERROR_NOT_SIGNED_IN'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied.' })).toBeTruthy()
    cleanup()
    renderWith(AccountOverview, '/account', failure(503, 'ERROR_DATA_CONNECTION'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied.' })).toBeTruthy()
  })
})
