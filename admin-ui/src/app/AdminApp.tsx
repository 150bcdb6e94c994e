import { useMemo, type ReactNode } from 'react'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import type { QueryClient } from '@shopwright/client'
import {
  embeddedEditorsOf,
  fieldEditorsOf,
  panelsOf,
  recordSectionsOf,
  type AdminModule,
} from '../registry/index.js'
import { DialogProvider } from '../kit/dialogs.js'
import { EmbeddedEditorsContext, FieldEditorsContext } from '../kit/fields/field-editors.js'
import { RecordSectionsContext } from '../kit/fields/record-sections.js'
import { AdminHome } from './AdminHome.js'
import { ADMIN_ROOT, AdminLayout } from './AdminLayout.js'
import { ClientContext } from './client.js'
import { LoginScreen } from './LoginScreen.js'
import { NotFound } from './NotFound.js'
import { SessionProvider } from './session.js'
import { ShellProblem } from './ShellProblem.js'
import { chooseServices, ShellServicesContext } from './shell-services.js'
import { TranslationProvider } from './translations.js'

/** The routes: /login, and the admin home and every panel of every module inside the signed-in layout. */
export function adminRoutes(modules: readonly AdminModule[]): RouteObject[] {
  return [
    { path: '/login', element: <LoginScreen /> },
    {
      element: <AdminLayout modules={modules} />,
      children: [
        { path: ADMIN_ROOT, element: <AdminHome modules={modules} /> },
        ...panelsOf(modules).map((panel) => ({ path: panel.path, element: <panel.Component /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]
}

/**
 * The admin single-page app over the running plugins' modules: sign-in, languages and texts come
 * from the modules that provide them; without a sign-in provider, or with two of any service, it
 * says so instead of opening.
 */
export function AdminApp({
  modules,
  client,
}: {
  modules: readonly AdminModule[]
  client: QueryClient
}) {
  const { services, conflicts } = useMemo(() => chooseServices(modules), [modules])
  const router = useMemo(() => createBrowserRouter(adminRoutes(modules)), [modules])
  const fieldEditors = useMemo(() => fieldEditorsOf(modules), [modules])
  const embeddedEditors = useMemo(() => embeddedEditorsOf(modules), [modules])
  const recordSections = useMemo(() => recordSectionsOf(modules), [modules])
  const framed = (content: ReactNode) => (
    <TranslationProvider>
      <FieldEditorsContext.Provider value={fieldEditors}>
        <EmbeddedEditorsContext.Provider value={embeddedEditors}>
          <RecordSectionsContext.Provider value={recordSections}>
            <DialogProvider>{content}</DialogProvider>
          </RecordSectionsContext.Provider>
        </EmbeddedEditorsContext.Provider>
      </FieldEditorsContext.Provider>
    </TranslationProvider>
  )
  return (
    <ClientContext.Provider value={client}>
      <ShellServicesContext.Provider value={services}>
        {conflicts.length > 0 || !services.auth ? (
          framed(<ShellProblem conflicts={conflicts} />)
        ) : (
          // The account check and the texts load side by side: the session is outside the
          // texts, which draw nothing until they arrive, so neither waits for the other.
          <SessionProvider auth={services.auth}>
            {framed(<RouterProvider router={router} />)}
          </SessionProvider>
        )}
      </ShellServicesContext.Provider>
    </ClientContext.Provider>
  )
}
