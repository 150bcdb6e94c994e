import { PAGE_DATA_HEADER, type PageDataAnswer } from '../shared/page.js'

/**
 * A page's record and extras for a client navigation: a GET of the address itself with
 * PAGE_DATA_HEADER (the language to read it in), past the browser's cache. Null when the server
 * does not answer it with JSON (no such page, an outage, a network failure): the caller then loads
 * the address fully, and the server's page says what happened.
 */
export async function requestPageData(
  href: string,
  language: string,
): Promise<PageDataAnswer | null> {
  try {
    const response = await globalThis.fetch(href, {
      headers: { [PAGE_DATA_HEADER]: language, Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    })
    if (!response.ok || !response.headers.get('content-type')?.startsWith('application/json'))
      return null
    const answer = (await response.json()) as PageDataAnswer | null
    return answer && typeof answer === 'object' && 'record' in answer ? answer : null
  } catch {
    return null
  }
}
