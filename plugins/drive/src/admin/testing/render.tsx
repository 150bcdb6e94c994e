import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { DialogProvider } from '@shopwright/admin-ui/kit'

/** Shows the current address, for tests that check where a screen went. */
function Address() {
  const location = useLocation()
  return <output data-testid="address">{location.pathname + location.search}</output>
}

/**
 * Mounts a screen in a memory data router (the leave guard needs one) with the dialog stack, at
 * `address`, under every path; answers the router, so a test can navigate.
 */
export function renderAt(address: string, screen: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {screen}
            <Address />
          </>
        ),
      },
    ],
    { initialEntries: [address] },
  )
  render(
    <DialogProvider>
      <RouterProvider router={router} />
    </DialogProvider>,
  )
  return router
}
