// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DialogProvider } from '../kit/dialogs.js'
import { ClientContext } from './client.js'
import { LoginScreen } from './LoginScreen.js'
import { loadPage } from './page-load.js'
import { SessionProvider, useSession } from './session.js'
import { memoryAuth } from './test-auth.js'
import { fakeClient } from './test-client.js'

vi.mock('./page-load.js', () => ({ loadPage: vi.fn() }))

/** Where sign-in leads: shows who the session holds. */
function Signed() {
  const { state } = useSession()
  return (
    <p data-testid="who">{state.status === 'signed-in' ? state.identity.name : state.status}</p>
  )
}

let people: ReturnType<typeof memoryAuth>

function mount(address = '/login?next=%2Fdata%2Fcustomer') {
  const { client, calls } = fakeClient(() => () => 404)
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/data/customer', element: <Signed /> },
    ],
    { initialEntries: [address] },
  )
  render(
    <ClientContext.Provider value={client}>
      <SessionProvider auth={people.auth}>
        <DialogProvider>
          <RouterProvider router={router} />
        </DialogProvider>
      </SessionProvider>
    </ClientContext.Provider>,
  )
  return { router, calls }
}

async function stepOne(email: string) {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } })
  fireEvent.click(screen.getByTestId('login-next'))
}

async function stepTwo(password: string) {
  fireEvent.change(await screen.findByTestId('login-password'), { target: { value: password } })
  fireEvent.click(screen.getByTestId('login-submit'))
}

beforeEach(() => {
  people = memoryAuth({
    'ada@example.com': { password: 'secret12', name: 'Ada' },
    'grace@example.com': { password: 'secret12', name: 'Grace', reset: true },
  })
  vi.mocked(loadPage).mockClear()
})
afterEach(cleanup)

describe('LoginScreen', () => {
  it('signs in through the provider in two steps and goes where it was sent', async () => {
    const { calls } = mount()
    await stepOne('Ada@Example.com ')
    await screen.findByText('Ada')
    expect(people.auth.preview).toHaveBeenCalledWith(expect.anything(), 'ada@example.com')
    // The provider's picture and reset page, whatever its addresses are.
    expect(document.querySelector('.sw-login-account img')?.getAttribute('src')).toBe(
      '/pictures/ada@example.com.png',
    )
    expect(screen.getByText('Forgot Password').getAttribute('href')).toBe('/reset/ada@example.com')
    await stepTwo('secret12')
    expect((await screen.findByTestId('who')).textContent).toBe('Ada')
    expect(people.auth.login).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ email: 'ada@example.com' }),
      'secret12',
    )
    // Who signed in came with the answer: the session did not ask again, and the shell itself
    // called no URL.
    expect(people.auth.identity).toHaveBeenCalledTimes(1)
    expect(calls).toEqual([])
  })

  it("shows the provider's refusals under 'Unable to Login'", async () => {
    mount()
    await stepOne('nobody@example.com')
    expect((await screen.findByRole('dialog')).textContent).toContain('Invalid email address.')
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await stepOne('ada@example.com')
    await stepTwo('wrong123')
    expect((await screen.findByRole('dialog')).textContent).toContain('Access Denied.')
    expect(screen.queryByTestId('who')).toBeNull()
  })

  it('checks the e-mail before asking the provider', async () => {
    mount()
    await stepOne('not-an-email')
    expect((await screen.findByRole('alert')).textContent).not.toBe('')
    expect(people.auth.preview).not.toHaveBeenCalled()
  })

  it("warns an account that must reset its password and sends it to the provider's reset page", async () => {
    mount()
    await stepOne('grace@example.com')
    await stepTwo('secret12')
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Unable to Login')
    expect(dialog.textContent).toContain('Your password must be at least 6 characters long.')
    expect(loadPage).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/reset/grace@example.com'))
    expect(screen.queryByTestId('who')).toBeNull()
  })
})
