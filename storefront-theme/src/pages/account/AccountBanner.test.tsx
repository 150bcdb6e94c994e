// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { pageProps, renderPage } from '../../test/harness.js'
import { AccountManage, AccountOverview } from './index.js'

afterEach(cleanup)

const ada = { type: 'customer', id: '1', name: 'Ada King Lovelace' }
const profile = {
  firstname: 'Ada',
  lastname: 'King Lovelace',
  email: 'countess@example.com',
  addressbook: [],
  creditcards: [],
}
const routes = { 'GET /ns/profile/get': { body: profile } }

describe('the account banner', () => {
  it('shows the icon, the name and the e-mail on the overview, without a greeting', async () => {
    renderPage(<AccountOverview {...pageProps('/account')} />, {
      account: ada,
      href: '/account',
      routes,
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada King Lovelace' })).toBeTruthy()
    expect(screen.getByText('countess@example.com')).toBeTruthy()
    expect(screen.getByTestId('account-icon')).toBeTruthy()
    expect(screen.queryByTestId('account-greeting')).toBeNull()
  })

  it('is the same banner plus a greeting on the edit screen', async () => {
    renderPage(<AccountManage {...pageProps('/account/manage')} />, {
      account: ada,
      href: '/account/manage',
      routes,
    })
    expect((await screen.findByTestId('account-greeting')).textContent).toBe('Welcome, Ada')
    expect(screen.getByTestId('account-banner').textContent).toContain('Ada King Lovelace')
    expect(screen.getByTestId('account-icon')).toBeTruthy()
  })

  it("shows initials made from the name, never the e-mail's, when the icon cannot load", async () => {
    renderPage(<AccountOverview {...pageProps('/account')} />, {
      account: ada,
      href: '/account',
      routes,
    })
    const icon = await screen.findByTestId('account-icon')
    fireEvent.error(icon.querySelector('img')!)
    expect(icon.querySelector('img')).toBeNull()
    expect(screen.getByTestId('account-initials').textContent).toBe('AL')
  })
})
