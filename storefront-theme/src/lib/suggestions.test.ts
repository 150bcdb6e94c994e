import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_SUGGESTIONS, type SuggestionAnswer } from './commerce.js'
import { createSuggestionSource, nameMatches, searchWords, SUGGEST_DELAY } from './suggestions.js'

const item = (id: string, displayname: string): SuggestionAnswer => ({
  id,
  displayname,
  urlcomponent: id,
  storedisplaythumbnail: null,
})

const TEE = item('classic-tee', 'Classic Tee')
const TOWEL = item('linen-tea-towel', 'Linen Tea Towel')
const KETTLE = item('tea-kettle', 'Tea Kettle')
/** More than a whole answer's worth of items starting "te": an answer for "te" is cut. */
const MANY = [
  TEE,
  ...['Tent', 'Tennis Ball', 'Terracotta Pot', 'Textbook', 'Telescope', 'Teddy Bear'].map((name) =>
    item(name.toLowerCase().replace(/ /g, '-'), name),
  ),
  TOWEL,
  KETTLE,
]

/** A server answering from `catalogue` by name, each ask held until `answer()`. */
function server(catalogue: SuggestionAnswer[], limit = MAX_SUGGESTIONS) {
  const asks: Array<{
    text: string
    signal: AbortSignal
    answer(): void
    fail(): void
  }> = []
  const fetch = (text: string, signal: AbortSignal) =>
    new Promise<SuggestionAnswer[]>((resolve, reject) => {
      asks.push({
        text,
        signal,
        answer: () =>
          resolve(
            catalogue
              .filter((each) => nameMatches(each.displayname, searchWords(text)))
              .slice(0, limit),
          ),
        fail: () => reject(new Error('offline')),
      })
    })
  return { asks, fetch }
}

/** What the box was shown, latest last. */
function shown() {
  const seen: Array<{ text: string; names: string[] }> = []
  return {
    seen,
    show: (text: string, list: SuggestionAnswer[]) =>
      seen.push({ text, names: list.map((each) => each.displayname) }),
  }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

/** A suggestion source on a `server` of `catalogue`: its asks, the box it shows in, and itself. */
function suggesting(catalogue: SuggestionAnswer[], limit = MAX_SUGGESTIONS) {
  const { asks, fetch } = server(catalogue, limit)
  const box = shown()
  return { asks, box, source: createSuggestionSource({ fetch, show: box.show }) }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('search words', () => {
  it('fold case and accents, cut at anything but letters and digits, and match name starts', () => {
    expect(searchWords('  Café CRÈME, café! ')).toEqual(['cafe', 'creme'])
    expect(nameMatches('Café en grains', ['caf'])).toBe(true)
    expect(nameMatches('Chef’s Knife', ['chef', 'kn'])).toBe(true)
    expect(nameMatches('Chef’s Knife', ['chefs'])).toBe(false)
    expect(nameMatches('Tea Kettle', ['ea'])).toBe(false)
  })
})

describe('the suggestion source', () => {
  it('asks nothing before 2 letters or digits, and shows none', () => {
    const { asks, box, source } = suggesting([TEE])
    source.lookup('t')
    source.lookup('t !')
    vi.advanceTimersByTime(SUGGEST_DELAY * 2)
    expect(asks).toEqual([])
    expect(box.seen.at(-1)).toEqual({ text: 't !', names: [] })
  })

  it('asks at once after a pause, then once for a burst, DELAY after its last key', async () => {
    const { asks, box, source } = suggesting(MANY)
    source.lookup('te')
    expect(asks.map((ask) => ask.text)).toEqual(['te'])
    asks[0]!.answer()
    await settle()
    expect(box.seen.at(-1)?.names).toHaveLength(MAX_SUGGESTIONS)
    // The answer was cut at MAX_SUGGESTIONS: longer texts are asked for too.
    vi.advanceTimersByTime(50)
    source.lookup('tea')
    vi.advanceTimersByTime(50)
    source.lookup('tea ')
    vi.advanceTimersByTime(SUGGEST_DELAY - 1)
    expect(asks).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(asks.map((ask) => ask.text)).toEqual(['te', 'tea '])
  })

  it('shows the narrower part of a cut answer at once, then the full one', async () => {
    const { asks, box, source } = suggesting(MANY)
    source.lookup('te')
    asks[0]!.answer()
    await settle()
    vi.advanceTimersByTime(SUGGEST_DELAY)
    source.lookup('tea')
    // At once, without an answer: the part of the shorter answer that still matches.
    expect(box.seen.at(-1)).toEqual({ text: 'tea', names: ['Linen Tea Towel'] })
    asks[1]!.answer()
    await settle()
    expect(box.seen.at(-1)).toEqual({ text: 'tea', names: ['Linen Tea Towel', 'Tea Kettle'] })
  })

  it('asks nothing for a text that narrows a whole answer, nor for one answered before', async () => {
    const { asks, box, source } = suggesting([TEE, TOWEL, KETTLE])
    source.lookup('te')
    asks[0]!.answer()
    await settle()
    vi.advanceTimersByTime(SUGGEST_DELAY)
    source.lookup('tee')
    source.lookup('tea k')
    expect(box.seen.at(-1)).toEqual({ text: 'tea k', names: ['Tea Kettle'] })
    source.lookup('Te')
    expect(box.seen.at(-1)).toEqual({
      text: 'Te',
      names: ['Classic Tee', 'Linen Tea Towel', 'Tea Kettle'],
    })
    vi.advanceTimersByTime(SUGGEST_DELAY * 3)
    expect(asks).toHaveLength(1)
  })

  it('aborts the ask in flight for a newer one, and never shows a stale answer', async () => {
    const { asks, box, source } = suggesting([TEE, TOWEL, KETTLE])
    source.lookup('cl')
    vi.advanceTimersByTime(SUGGEST_DELAY)
    source.lookup('ke')
    expect(asks.map((ask) => [ask.text, ask.signal.aborted])).toEqual([
      ['cl', true],
      ['ke', false],
    ])
    asks[0]!.answer()
    asks[1]!.answer()
    await settle()
    expect(box.seen).toEqual([{ text: 'ke', names: ['Tea Kettle'] }])
  })

  it('shows none when the server fails, and nothing after cancel()', async () => {
    const { asks, box, source } = suggesting([TEE])
    source.lookup('cl')
    asks[0]!.fail()
    await settle()
    expect(box.seen).toEqual([{ text: 'cl', names: [] }])
    vi.advanceTimersByTime(SUGGEST_DELAY)
    source.lookup('cla')
    source.cancel()
    expect(asks[1]!.signal.aborted).toBe(true)
    asks[1]!.answer()
    await settle()
    expect(box.seen).toHaveLength(1)
  })
})
