import { chunk } from '../../lib/lazy-page.js'

/**
 * The search page's chunk: the theme lazy-loads its page from it, and the header's search box
 * fetches it on its first focus, so the page is there when the shopper presses Enter.
 */
export const searchChunk = chunk(() => import('./search.js'))
