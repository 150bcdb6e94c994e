import { expect } from 'vitest'

/**
 * Checks what `of` answers for each text of a table (its keys, as typed) against the table's
 * value: a function's cases read as one table, each failure named by its text.
 */
export function answers(of: (text: string) => string, table: Readonly<Record<string, string>>) {
  for (const [text, answer] of Object.entries(table)) expect(of(text), text).toBe(answer)
}
