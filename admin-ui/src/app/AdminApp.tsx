import { useMemo } from 'react'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import type { QueryClient } from '@shopwright/core/shared'
import { panelsOf, type AdminModule } from '../registry/index.js'
import { DialogProvider } from '../kit/dialogs.js'
import { AdminLayout } from './AdminLayout.js'
import { ClientContext } from './client.js'
import { LoginScreen } from './LoginScreen.js'
import { NotFound } from './NotFound.js'
import { SessionProvider } from './session.js'
import { TranslationProvider } from './translations.js'

/** The routes: /login, and every panel of every module inside the signed-in layout. */
export function adminRoutes(modules: readonly AdminModule[]): RouteObject[] {
  return [
    { path: '/login', element: <LoginScreen /> },
    {
      element: <AdminLayout modules={modules} />,
      children: [
        ...panelsOf(modules).map((panel) => ({ path: panel.path, element: <panel.Component /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]
}

/** The admin single-page app. */
export function AdminApp({
  modules,
  client,
}: {
  modules: readonly AdminModule[]
  client: QueryClient
}) {
  const router = useMemo(() => createBrowserRouter(adminRoutes(modules)), [modules])
  return (
    <ClientContext.Provider value={client}>
      {/* The account check and the texts load side by side: neither waits for the other. */}
      <SessionProvider>
        <TranslationProvider>
          <DialogProvider>
            <RouterProvider router={router} />
          </DialogProvider>
        </TranslationProvider>
      </SessionProvider>
    </ClientContext.Provider>
  )
}
