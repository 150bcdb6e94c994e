import type { Page } from 'playwright-core'
import { toBase62 } from '@shopwright/core/shared'

/**
 * The typed search of the admin-list scenario: on the 10,000-record list, a search put into the
 * search box as one input (a paste, or the last key of a word) to the frame that paints the
 * first page of matches, and, as the same-run baseline, clearing it again to the frame that paints
 * the unsearched first page. Both include the box's pause before it asks (ListFinder's).
 */

/** The words typed: "Bench item 12", 120 to 129 and 1200 to 1299 match, and a few by their id. */
export const SEARCH_TEXT = 'bench 12'

/**
 * The numbers of the benchitem records SEARCH_TEXT finds among 1..count: every record holds the
 * word "bench"; "12" starts the number in its name, or its id (base 62, folded to lower case), as
 * the list's search reads words (plugins/records/src/server/index-terms.ts). Its code's number is
 * padded with zeros, so it never starts with 12.
 */
export function searchMatches(count: number): number[] {
  const matches: number[] = []
  for (let n = 1; n <= count; n++)
    if (String(n).startsWith('12') || toBase62(n).toLowerCase().startsWith('12')) matches.push(n)
  return matches
}

/** The id of the first row a list in id order shows of these records (ids compare as bytes). */
export function firstId(numbers: readonly number[]): string {
  const ids = numbers.map(toBase62).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (ids.length === 0) throw new Error('no records to list')
  return ids[0]!
}

/** What one typed search (or clear) took, in the page's own clock. */
export interface TypedSearch {
  /** The input event to the rows in the DOM (the app's commit). */
  committedMs: number
  /** The input event to the frame after that commit, which paints them. */
  shownMs: number
  rows: number
}

/**
 * Runs in the page: sets the search box to `text` through the input's own value setter (React
 * reads it) and one input event, then resolves when the table holds `rows` rows whose first is
 * `first`, with the times from that event.
 */
const IN_PAGE = `(({ text, rows, first, timeoutMs }) => new Promise((resolve, reject) => {
  const input = document.querySelector('[data-testid=list-search]')
  if (!input) { reject(new Error('no search box')); return }
  const selector = '[data-testid=data-table] tbody tr.sw-table-row'
  let begun = 0
  const check = () => {
    const shown = document.querySelectorAll(selector)
    if (shown.length !== rows || shown[0].getAttribute('data-testid') !== first) return
    const committed = performance.now()
    observer.disconnect()
    clearTimeout(timer)
    requestAnimationFrame(() =>
      resolve({ committedMs: committed - begun, shownMs: performance.now() - begun, rows: shown.length }),
    )
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true })
  const timer = setTimeout(() => {
    observer.disconnect()
    reject(new Error('the list did not show ' + rows + ' rows from ' + first + ' in time'))
  }, timeoutMs)
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
  setValue.call(input, text)
  begun = performance.now()
  input.dispatchEvent(new Event('input', { bubbles: true }))
}))`

/** Puts `text` in the list's search box and waits for `rows` rows from `first` (a row's record id). */
export async function typeSearch(
  page: Page,
  type: string,
  text: string,
  rows: number,
  first: string,
): Promise<TypedSearch> {
  const answer = (await page.evaluate(
    `${IN_PAGE}(${JSON.stringify({ text, rows, first: `row-${type}|${first}`, timeoutMs: 20_000 })})`,
  )) as TypedSearch
  if (!Number.isFinite(answer.shownMs)) throw new Error('the page answered no search time')
  return answer
}
