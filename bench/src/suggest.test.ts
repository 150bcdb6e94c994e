import { describe, expect, it } from 'vitest'
import {
  awaitedCall,
  keystrokeAt,
  paintMs,
  parseWatch,
  sampledTexts,
  spreadOf,
  suggestText,
  type KeystrokeSample,
  type SuggestRequest,
} from './suggest-watch.js'
import { SUGGEST_WORDS } from './scenarios/search-suggest.js'

// The pure parts of the search-suggest scenario; no test asserts how long anything took.

function sample(overrides: Partial<KeystrokeSample> = {}): KeystrokeSample {
  return {
    text: 'ke',
    eventAt: 1000,
    handledAt: 1002,
    committedAt: 1040,
    paintedAt: 1050,
    shown: 1,
    superseded: false,
    ...overrides,
  }
}

const call = (q: string, startAt: number, endAt: number): SuggestRequest => ({
  url: `http://127.0.0.1:4000/query/ns/search/suggest?q=${encodeURIComponent(q)}`,
  startAt,
  endAt,
})

describe('the texts a word gets suggestions for', () => {
  it('starts at the 2nd letter or digit, as the box asks', () => {
    expect(sampledTexts('tee')).toEqual(['te', 'tee'])
    expect(sampledTexts('a')).toEqual([])
    expect(sampledTexts(' x1')).toEqual([' x1'])
  })
  it('gives the scenario distinct words whose 2-letter starts differ (each asks the server)', () => {
    const starts = SUGGEST_WORDS.map((word) => sampledTexts(word)[0])
    expect(new Set(starts).size).toBe(SUGGEST_WORDS.length)
  })
})

describe('keystroke times', () => {
  it("takes the keydown event's timeStamp when it is on the page's clock", () => {
    expect(keystrokeAt({ eventAt: 1000, handledAt: 1003 })).toBe(1000)
    expect(paintMs(sample())).toBe(50)
  })
  it('falls back to the listener time for a zero, later or far earlier timeStamp', () => {
    expect(keystrokeAt({ eventAt: 0, handledAt: 7 })).toBe(7)
    expect(keystrokeAt({ eventAt: 12, handledAt: 7 })).toBe(7)
    expect(keystrokeAt({ eventAt: 1, handledAt: 5000 })).toBe(5000)
  })
  it('is NaN for a keystroke never painted', () => {
    expect(paintMs(sample({ paintedAt: null }))).toBeNaN()
  })
})

describe('which call a paint waited for', () => {
  it("is the text's call started after the key and answered before the commit", () => {
    const found = awaitedCall(sample(), [call('k', 900, 950), call('ke', 1001, 1030)])
    expect(found?.startAt).toBe(1001)
  })
  it('is none when the list was shown before the answer, or from an earlier answer', () => {
    expect(awaitedCall(sample(), [call('ke', 1001, 1045)])).toBeUndefined()
    expect(awaitedCall(sample(), [call('ke', 500, 520)])).toBeUndefined()
    expect(awaitedCall(sample({ text: 'ket' }), [call('ke', 1001, 1030)])).toBeUndefined()
    expect(awaitedCall(sample({ committedAt: null }), [call('ke', 1001, 1030)])).toBeUndefined()
  })
  it("reads a call's text from its address", () => {
    expect(suggestText(call('café crème', 0, 1).url)).toBe('café crème')
    expect(suggestText('not a url')).toBeUndefined()
  })
})

describe('the watch answer', () => {
  it('keeps the fields it needs and refuses a sample without times', () => {
    const watch = parseWatch({
      samples: [{ ...sample(), paintedAt: null, shown: 'x', extra: 1 }],
      requests: [{ url: 'u', startAt: 1, endAt: 'x' }],
    })
    expect(watch.samples).toEqual([{ ...sample(), paintedAt: null, shown: 0 }])
    expect(watch.requests[0]!.endAt).toBeNaN()
    expect(() => parseWatch({ samples: [{ text: 'ke' }], requests: [] })).toThrow(/times/)
    expect(() => parseWatch(null)).toThrow(/no samples/)
  })
})

describe('spread of times', () => {
  it('gives the count, median, nearest-rank p95 and slowest, leaving out NaN', () => {
    const values = [...Array.from({ length: 20 }, (_, i) => i + 1), Number.NaN]
    expect(spreadOf(values)).toEqual({ count: 20, median: 10.5, p95: 19, max: 20 })
  })
  it('is NaN for no times', () => {
    expect(spreadOf([Number.NaN]).median).toBeNaN()
  })
})
