import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { StorefrontApp } from '@shopwright/storefront/react'
import { chunks, theme } from './theme.js'

// Every page renders in one pass on the server: the chunks are loaded before the first page.
await Promise.all(chunks.map((each) => each.load()))

/** What the storefront engine loads (docs/themes.md, "The contract"). */
export { theme }
export const App = StorefrontApp
/** `shopwright build` writes the browser build beside the server's: dist/client. */
export const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
export const clientEntry = 'src/entry-client.tsx'
