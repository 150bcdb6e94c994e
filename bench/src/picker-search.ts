import type { Page } from 'playwright-core'

/**
 * The record-picker scenario's clock in the page: a word put into a record field's search picker
 * (plugins/records/src/admin/RecordPicker.tsx) as one input event, to the frame that paints the
 * matches it lists. The picker waits PICKER_DELAY (250 ms) after the last key before it asks, so
 * the figure includes that pause, as a user's does.
 */

/** The picker's combobox in the field `field` of a record form. */
export function pickerSelector(field: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(field)) throw new Error(`not a field id: ${field}`)
  return `[data-testid="field-${field}"] [role=combobox]`
}

/** The options the picker of `field` lists. */
export function pickerOptionsSelector(field: string): string {
  return `[data-testid="field-${field}"] [role=option]`
}

/** What one typed word took, in the page's own clock, and the picker's call. */
export interface PickedSearch {
  /** The input event to the matches in the DOM (the app's commit). */
  committedMs: number
  /** The input event to the frame after that commit, which paints them. */
  shownMs: number
  options: number
  /** The list call the word made, times from the input event; none when it came from a cache. */
  call?: { path: string; startMs: number; firstByteMs: number; endMs: number }
}

/**
 * Whether a picker's options are the answer to `word`: `count` of them, each naming the word
 * (the list's search matches words by their start, and every option shows the record's name).
 */
export function optionsAnswer(texts: readonly string[], word: string, count: number): boolean {
  const folded = word.toLowerCase()
  return (
    texts.length === count &&
    count > 0 &&
    texts.every((text) => text.toLowerCase().includes(folded))
  )
}

/**
 * Runs in the page (plain JavaScript: the bench has no DOM types): sets the open picker's box to
 * `word` through the input's own value setter (React reads it) and one input event, then resolves
 * at the frame after its options are the answer (optionsAnswer, inlined), with the list call the
 * page made since (Resource Timing).
 */
const IN_PAGE = `(({ input, options, word, count, timeoutMs }) => new Promise((resolve, reject) => {
  const box = document.querySelector(input)
  if (!box) { reject(new Error('no picker box')); return }
  const folded = word.toLowerCase()
  let begun = 0
  const check = () => {
    const texts = Array.from(document.querySelectorAll(options)).map((each) => each.textContent || '')
    if (texts.length !== count || !texts.every((text) => text.toLowerCase().includes(folded))) return
    const committed = performance.now()
    observer.disconnect()
    clearTimeout(timer)
    requestAnimationFrame(() => {
      const shown = performance.now()
      const call = performance.getEntriesByType('resource')
        .filter((entry) => entry.startTime >= begun && entry.name.includes('/query/data/list/'))
        .map((entry) => ({
          path: new URL(entry.name).pathname + new URL(entry.name).search,
          startMs: entry.startTime - begun,
          firstByteMs: entry.responseStart - begun,
          endMs: entry.responseEnd - begun,
        }))[0]
      resolve({ committedMs: committed - begun, shownMs: shown - begun, options: texts.length, call })
    })
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  const timer = setTimeout(() => {
    observer.disconnect()
    reject(new Error('the picker did not list ' + count + ' matches of ' + word + ' in time'))
  }, timeoutMs)
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
  setValue.call(box, word)
  begun = performance.now()
  box.dispatchEvent(new Event('input', { bubbles: true }))
}))`

/**
 * Opens the picker of `field` (a click: it lists the first records at once) and waits for that
 * list, then types `word` and waits for its `count` matches (PickedSearch).
 */
export async function typeInPicker(
  page: Page,
  field: string,
  word: string,
  count: number,
): Promise<PickedSearch> {
  await page.click(pickerSelector(field))
  await page.waitForSelector(pickerOptionsSelector(field))
  const answer = (await page.evaluate(
    `${IN_PAGE}(${JSON.stringify({
      input: pickerSelector(field),
      options: pickerOptionsSelector(field),
      word,
      count,
      timeoutMs: 20_000,
    })})`,
  )) as PickedSearch
  if (!Number.isFinite(answer.shownMs)) throw new Error('the page answered no picker time')
  return answer
}
