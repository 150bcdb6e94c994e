import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router'
import { DialogProvider } from '../kit/dialogs.js'

/** Shows the current address (path and query), for tests that check where a screen went. */
export function Address() {
  const location = useLocation()
  return <output data-testid="address">{location.pathname + location.search}</output>
}

/**
 * Mounts a panel's screen for its test as the shell mounts it (src/app/AdminApp.tsx): in a data
 * router (a leave guard needs one) with the dialog stack, here a memory one at `address`. The
 * screen answers every path but those of `routes` (the pages it leads to), with <Address /> beside
 * it. Answers the router, so a test can navigate.
 */
export function renderAt(address: string, screen: ReactNode, routes: RouteObject[] = []) {
  const router = createMemoryRouter(
    [
      ...routes,
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
