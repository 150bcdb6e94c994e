import { describe, expect, it } from 'vitest'
import { finishedDays } from './insights-rollup.js'
import { PAGES_PER_SESSION, pagesByDay, sessionStart } from './tracked-pages.js'
import { DASHBOARD_CARDS, parseDashboardWatch, trafficMonths } from './dashboard-watch.js'
import { optionsAnswer, pickerOptionsSelector, pickerSelector } from './picker-search.js'
import { orderId } from './order-rows.js'

// Only the pure parts of the dashboard and record-picker scenarios: no timing is asserted.

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('finishedDays', () => {
  const from = Date.UTC(2026, 10, 29, 15)
  it('lists the days from the first one that ended an hour (the settle time) before now', () => {
    expect(finishedDays(from, Date.UTC(2026, 11, 2, 1, 30), HOUR)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ])
  })
  it('leaves out yesterday until its hour has passed, and today always', () => {
    expect(finishedDays(from, Date.UTC(2026, 11, 2, 0, 30), HOUR)).toEqual([
      '2026-11-29',
      '2026-11-30',
    ])
    expect(finishedDays(Date.UTC(2026, 11, 2), Date.UTC(2026, 11, 2, 23), HOUR)).toEqual([])
  })
})

describe('tracked pages', () => {
  const span = { pages: 4_000, fromMs: Date.UTC(2026, 10, 1), toMs: Date.UTC(2026, 10, 11) }
  it('starts the sessions evenly over the span, the first at its start', () => {
    expect(sessionStart(span, 0)).toBe(span.fromMs)
    expect(sessionStart(span, 500)).toBe(span.fromMs + 5 * DAY)
    expect(sessionStart(span, 999)).toBeLessThan(span.toMs)
  })
  it('counts every page once, on the day its session started', () => {
    const days = pagesByDay(span)
    expect([...days.values()].reduce((sum, pages) => sum + pages, 0)).toBe(span.pages)
    expect([...days.keys()]).toEqual(
      Array.from({ length: 10 }, (_, n) => `2026-11-${String(n + 1).padStart(2, '0')}`),
    )
    expect(days.get('2026-11-01')).toBe(100 * PAGES_PER_SESSION)
  })
})

describe('trafficMonths', () => {
  it("names the months of the Traffic card's 30 days, oldest first", () => {
    expect(trafficMonths(Date.UTC(2026, 11, 4, 13))).toEqual(['2026-11', '2026-12'])
    expect(trafficMonths(Date.UTC(2026, 11, 30, 13))).toEqual(['2026-12'])
    expect(trafficMonths(Date.UTC(2027, 0, 2))).toEqual(['2026-12', '2027-01'])
  })
})

describe('parseDashboardWatch', () => {
  it('keeps the times, cards and calls of a snapshot', () => {
    const watch = parseDashboardWatch({
      homeAt: 120.5,
      homeFrameAt: 130,
      cardsAt: 300,
      frameAt: 310.2,
      cards: [...DASHBOARD_CARDS],
      errors: [],
      requests: [{ path: '/query/orders/summary', startMs: 150, firstByteMs: 160, endMs: 161 }],
    })
    expect(watch.frameAt).toBe(310.2)
    expect(watch.cards).toEqual([...DASHBOARD_CARDS])
    expect(watch.requests[0]?.path).toBe('/query/orders/summary')
  })
  it('reads missing or broken times as null, and refuses a snapshot without calls', () => {
    const watch = parseDashboardWatch({ homeAt: 'soon', frameAt: Number.NaN, requests: [] })
    expect([watch.homeAt, watch.frameAt, watch.cardsAt]).toEqual([null, null, null])
    expect(watch.cards).toEqual([])
    expect(() => parseDashboardWatch({})).toThrow(/no request list/)
  })
})

describe('record picker', () => {
  it("takes the options for the word's answer only when all of them name it", () => {
    const shelves = ['Brushed Bamboo Shelf bench-item-9', 'Carved Oak Shelf bench-item-34']
    expect(optionsAnswer(shelves, 'shelf', 2)).toBe(true)
    expect(optionsAnswer(shelves, 'shelf', 20)).toBe(false)
    expect(optionsAnswer([...shelves, 'Brushed Bamboo Basket'], 'shelf', 3)).toBe(false)
    expect(optionsAnswer([], 'shelf', 0)).toBe(false)
  })
  it("selects a field's picker by the form's test ids, and refuses other ids", () => {
    expect(pickerSelector('parent')).toBe('[data-testid="field-parent"] [role=combobox]')
    expect(pickerOptionsSelector('parent')).toBe('[data-testid="field-parent"] [role=option]')
    expect(() => pickerSelector('a"]')).toThrow(/not a field id/)
  })
  it('numbers orders from SO100000', () => {
    expect(orderId(0)).toBe('SO100000')
    expect(orderId(42_424)).toBe('SO142424')
  })
})
