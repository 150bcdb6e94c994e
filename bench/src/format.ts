import type { Measure, ResultRow, TargetCheck } from './scenario.js'

/** A scenario's figures as the table printers need them. */
export interface TableSection {
  title: string
  rows: readonly ResultRow[]
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * `12,345 req/s`, `412 ms`, `1.24 ms`, `31.5 µs`, `98.3 MB`, `112.4 KB`, `431 MB/s`, `42.7 s`, `2,345 records/s`,
 * and a Lighthouse score (0-100) as `97` (`96.5` for the median of an even count).
 */
export function formatMeasure(measure: Measure): string {
  const { value, unit } = measure
  if (!Number.isFinite(value)) return 'n/a'
  if (unit === 'req/s') return `${grouped.format(value)} req/s`
  if (unit === 'records/s') return `${grouped.format(value)} records/s`
  if (unit === 'score') return Number.isInteger(value) ? String(value) : value.toFixed(1)
  if (unit === 'MB') return `${value.toFixed(1)} MB`
  if (unit === 'KB') return `${value.toFixed(1)} KB`
  if (unit === 'MB/s') return `${value.toFixed(value >= 100 ? 0 : 1)} MB/s`
  if (unit === 's') return `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} s`
  if (unit === 'µs') return `${value.toFixed(1)} µs`
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${value.toFixed(digits)} ms`
}

/** Two decimals, or `n/a` when there is no meaningful ratio. */
export function formatRatio(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(2)
}

/** `pass` or `FAIL`: a failure should stand out in a terminal and in a diff. */
export function verdict(pass: boolean): string {
  return pass ? 'pass' : 'FAIL'
}

const HEADER = ['Metric', 'Shopwright', 'Baseline', 'Ratio'] as const

function cells(row: ResultRow): string[] {
  return [
    row.metric,
    formatMeasure(row.shopwright),
    row.baseline ? formatMeasure(row.baseline) : '',
    row.ratio === undefined ? '' : formatRatio(row.ratio),
  ]
}

/** A plain-text table for the terminal: one block per scenario, then the targets. */
export function renderTextTable(
  sections: readonly TableSection[],
  targets: readonly TargetCheck[],
): string {
  const all = sections.flatMap((section) => section.rows.map(cells))
  const widths = HEADER.map((title, column) =>
    Math.max(title.length, ...all.map((row) => row[column]!.length)),
  )
  // Numbers line up on the right, names on the left.
  const line = (row: readonly string[]): string =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  const out: string[] = []
  for (const section of sections) {
    out.push(section.title, `  ${line(HEADER)}`)
    for (const row of section.rows) out.push(`  ${line(cells(row))}`)
    out.push('')
  }
  if (targets.length) {
    out.push('Targets')
    for (const target of targets)
      out.push(`  ${verdict(target.pass).padEnd(4)}  ${target.goal}: ${target.measured}`)
  }
  return `${out.join('\n').trimEnd()}\n`
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|')
}

/** A Markdown table from a header and rows; `right` marks the columns to align right. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly number[] = [],
): string {
  const rule = header.map((_, column) => (right.includes(column) ? '---:' : '---'))
  return [header, rule, ...rows].map((row) => `| ${row.map(escapeCell).join(' | ')} |`).join('\n')
}

/** The results as one Markdown table: scenario, metric, Shopwright, baseline, ratio. */
export function renderResultsMarkdown(sections: readonly TableSection[]): string {
  const rows = sections.flatMap((section) =>
    section.rows.map((row) => [section.title, ...cells(row)]),
  )
  return markdownTable(['Scenario', ...HEADER], rows, [2, 3, 4])
}

/** The targets as a Markdown table with a pass/fail column. */
export function renderTargetsMarkdown(targets: readonly TargetCheck[]): string {
  return markdownTable(
    ['Target (from the issue)', 'Measured in this run', 'Result'],
    targets.map((target) => [target.goal, target.measured, target.pass ? 'pass' : '**FAIL**']),
  )
}
