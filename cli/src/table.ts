import type { Colours } from './colours.js'

/**
 * A cell's text on one line: tabs, line breaks and other control characters become spaces. In
 * tab-separated output they would split a name into extra columns or lines; on a terminal an
 * escape sequence stored in a record would drive the terminal.
 */
export function cellText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
}

/** Rows as tab-separated lines with no heading, for programs (`cut -f3`, `while read`). */
export function tabSeparated(rows: readonly (readonly string[])[]): string[] {
  return rows.map((row) => row.map(cellText).join('\t'))
}

/** Rows under a bold heading, each column as wide as its widest cell, for a person. */
export function alignedTable(
  heading: readonly string[],
  rows: readonly (readonly string[])[],
  colours: Colours,
): string[] {
  const cells = [heading, ...rows].map((row) => row.map(cellText))
  const widths = heading.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  )
  // No trailing spaces, after the last column or before an empty one at the end of the row.
  const line = (row: readonly string[]): string =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()
  const [head, ...body] = cells
  return [colours.bold(line(head!)), ...body.map(line)]
}
