import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { StorefrontApp } from '@shopwright/storefront/react'
import { theme } from './theme.js'

/** What the storefront engine loads on the server (its ThemeServerModule). */
export { theme }
export const App = StorefrontApp
/** Built next to this file: dist/server/ and dist/client/. */
export const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
export const clientEntry = 'src/entry-client.tsx'
