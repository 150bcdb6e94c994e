import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { StorefrontApp } from '@shopwright/storefront/react'
import { chunks, theme } from './theme.js'

// The server renders every page in one pass: its chunks are loaded before the first page, so no
// page suspends on its code (which would stream a fallback the browser swaps with a script).
await Promise.all(chunks.map((each) => each.load()))

/** What the storefront engine loads on the server (its ThemeServerModule). */
export { theme }
export const App = StorefrontApp
/** Built next to this file: dist/server/ and dist/client/. */
export const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
export const clientEntry = 'src/entry-client.tsx'
