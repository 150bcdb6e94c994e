/**
 * The spec's confirmation before a delete, for one record or several: a phrase, which
 * `dialogs.confirm()` translates. Other plugins' lists ask the same (the translation editor).
 */
export function deleteQuestion(count: number): string {
  return count === 1
    ? 'Are you sure you want to delete this record?'
    : 'Are you sure you want to delete these records?'
}
