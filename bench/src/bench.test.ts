import { describe, expect, it } from 'vitest'
import { median, percentile, ratio } from './stats.js'
import {
  formatMeasure,
  formatRatio,
  markdownTable,
  renderResultsMarkdown,
  renderTargetsMarkdown,
  renderTextTable,
} from './format.js'
import { renderDocsPage } from './docs-page.js'
import { fileStamp, type BenchReport } from './report.js'
import { scenarios } from './scenarios/index.js'
import type { TableSection } from './format.js'
import type { TargetCheck } from './scenario.js'

// Only the pure parts: no test here (or anywhere) asserts a duration, a rate or a memory figure.

const sections: TableSection[] = [
  {
    title: 'Throughput',
    rows: [
      {
        metric: 'requests/s',
        shopwright: { value: 8123.4, unit: 'req/s' },
        baseline: { value: 11000, unit: 'req/s' },
        ratio: 0.7385,
      },
      {
        metric: 'latency p50',
        shopwright: { value: 0.456, unit: 'ms' },
        baseline: { value: 0.3, unit: 'ms' },
        ratio: 1.52,
      },
    ],
  },
  { title: 'Memory', rows: [{ metric: 'idle RSS', shopwright: { value: 98.26, unit: 'MB' } }] },
]
const targets: TargetCheck[] = [
  { goal: 'Fast | enough', measured: '0.74', pass: true },
  { goal: 'Small', measured: '130 MB', pass: false },
]

describe('median', () => {
  it('takes the middle value of an odd count, in any order', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([7])).toBe(7)
  })
  it('averages the middle two of an even count without sorting the input in place', () => {
    const values = [4, 1, 3, 2]
    expect(median(values)).toBe(2.5)
    expect(values).toEqual([4, 1, 3, 2])
  })
  it('refuses an empty list', () => {
    expect(() => median([])).toThrow(/no values/)
  })
})

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i)
    expect(percentile(values, 50)).toBe(50)
    expect(percentile(values, 99)).toBe(99)
    expect(percentile(values, 100)).toBe(100)
    expect(percentile(values, 0)).toBe(1)
    expect(percentile([0.2, 0.1], 50)).toBe(0.1)
  })
  it('refuses an empty list and a percentile outside 0-100', () => {
    expect(() => percentile([], 50)).toThrow(/no values/)
    expect(() => percentile([1], 101)).toThrow(/outside/)
  })
})

describe('ratio', () => {
  it('divides by the baseline', () => {
    expect(ratio(7, 10)).toBeCloseTo(0.7)
  })
  it('is NaN for a zero or broken baseline, so it never passes a target', () => {
    expect(ratio(1, 0)).toBeNaN()
    expect(ratio(1, Number.NaN)).toBeNaN()
    expect(ratio(1, 0) >= 0.7).toBe(false)
  })
})

describe('formatting', () => {
  it('prints each unit with sensible precision', () => {
    expect(formatMeasure({ value: 12345.6, unit: 'req/s' })).toBe('12,346 req/s')
    expect(formatMeasure({ value: 412.4, unit: 'ms' })).toBe('412 ms')
    expect(formatMeasure({ value: 69.66, unit: 'ms' })).toBe('69.7 ms')
    expect(formatMeasure({ value: 1.234, unit: 'ms' })).toBe('1.23 ms')
    expect(formatMeasure({ value: 98.26, unit: 'MB' })).toBe('98.3 MB')
    expect(formatMeasure({ value: 118.84, unit: 'KB' })).toBe('118.8 KB')
    expect(formatMeasure({ value: 212.6, unit: 'MB/s' })).toBe('213 MB/s')
    expect(formatMeasure({ value: 95.14, unit: 'MB/s' })).toBe('95.1 MB/s')
    expect(formatMeasure({ value: 31.46, unit: 'µs' })).toBe('31.5 µs')
    expect(formatMeasure({ value: Number.NaN, unit: 'MB' })).toBe('n/a')
    expect(formatMeasure({ value: 42.71, unit: 's' })).toBe('42.7 s')
    expect(formatMeasure({ value: 1.234, unit: 's' })).toBe('1.23 s')
    expect(formatMeasure({ value: 612.4, unit: 's' })).toBe('612 s')
    expect(formatMeasure({ value: 2345.4, unit: 'records/s' })).toBe('2,345 records/s')
    expect(formatRatio(0.7385)).toBe('0.74')
    expect(formatRatio(undefined)).toBe('n/a')
    expect(formatRatio(Number.NaN)).toBe('n/a')
  })

  it('renders an aligned text table with the targets', () => {
    const text = renderTextTable(sections, targets)
    expect(text).toBe(
      [
        'Throughput',
        '  Metric        Shopwright      Baseline  Ratio',
        '  requests/s   8,123 req/s  11,000 req/s   0.74',
        '  latency p50      0.46 ms       0.30 ms   1.52',
        '',
        'Memory',
        '  Metric        Shopwright      Baseline  Ratio',
        '  idle RSS         98.3 MB',
        '',
        'Targets',
        '  pass  Fast | enough: 0.74',
        '  FAIL  Small: 130 MB',
        '',
      ].join('\n'),
    )
  })

  it('renders Markdown tables, escaping pipes and right-aligning numbers', () => {
    expect(markdownTable(['a', 'b'], [['1|2', '3']], [1])).toBe(
      '| a | b |\n| --- | ---: |\n| 1\\|2 | 3 |',
    )
    const results = renderResultsMarkdown(sections).split('\n')
    expect(results[0]).toBe('| Scenario | Metric | Shopwright | Baseline | Ratio |')
    expect(results[1]).toBe('| --- | --- | ---: | ---: | ---: |')
    expect(results[2]).toBe('| Throughput | requests/s | 8,123 req/s | 11,000 req/s | 0.74 |')
    expect(results[4]).toBe('| Memory | idle RSS | 98.3 MB |  |  |')
    const checks = renderTargetsMarkdown(targets)
    expect(checks).toContain('| Fast \\| enough | 0.74 | pass |')
    expect(checks).toContain('| Small | 130 MB | **FAIL** |')
  })

  it('renders the docs page from a report', () => {
    const report: BenchReport = {
      date: '2026-11-22T05:20:31.123Z',
      quick: false,
      seconds: 95.4,
      machine: {
        nproc: 2,
        cpu: 'Test CPU',
        memoryGiB: 23.5,
        node: 'v20.20.2',
        os: 'Linux 6 x64',
        loadAverage: [0.5, 0.4, 0.3],
      },
      scenarios: [
        {
          name: 'x',
          title: 'Throughput',
          method: 'How it is measured.',
          seconds: 30,
          rows: sections[0]!.rows as never,
          targets,
          notes: ['A note.'],
          raw: {},
        },
      ],
    }
    const page = renderDocsPage(report)
    expect(page).toMatch(/^# Benchmarks\n/)
    expect(page).toContain('2026-11-22 05:20:31 UTC')
    expect(page).toContain('**1 of 2 targets met**')
    expect(page).toContain(
      '| 2 | 23.5 GiB | Test CPU | v20.20.2 | Linux 6 x64 | 0.5, 0.4, 0.3 | 95 s |',
    )
    expect(page).toContain('### Throughput\n\nHow it is measured.\n\nA note.')
    expect(page).toContain('Timing is never asserted in tests')
  })

  it('stamps result files with a sortable, colon-free name', () => {
    expect(fileStamp(new Date('2026-11-22T05:20:31.123Z'))).toBe('2026-11-22T05-20-31Z')
  })
})

describe('scenario registry', () => {
  it('has unique names and a method text for full and quick runs', () => {
    const names = scenarios.map((scenario) => scenario.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual([
      'throughput',
      'cold-start',
      'idle-memory',
      'record-get',
      'record-list',
      'compressed-list',
      'record-import',
      'import-bomb',
      'translation-import',
      'sign-in',
      'sign-up',
      'account-get',
      'admin-bundle',
      'admin-list',
      'storefront-render',
      'storefront-category',
      'cart-add',
      'search',
      'storefront-bundle',
      'storefront-language',
      'search-suggest',
      'guest-checkout',
      'lighthouse',
      'lighthouse-search',
      'drive-upload',
      'drive-list',
      'drive-zip',
      'sessions-track',
      'sessions-list',
      'orders-list',
      'log-list',
      'insights-month',
      'dashboard',
      'record-picker',
      'globe-frames',
      'create-project',
      'first-start',
      'cluster',
      'backup',
      'record-history',
      'publish-propagation',
    ])
    for (const scenario of scenarios) {
      expect(scenario.method(false).length).toBeGreaterThan(0)
      expect(scenario.method(true).length).toBeGreaterThan(0)
    }
  })
})
