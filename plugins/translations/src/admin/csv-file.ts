/**
 * The types a CSV import takes (README, "The table editor": text/csv). `application/csv` too, as
 * the server does: some systems label CSV so.
 */
const CSV_TYPES = new Set(['text/csv', 'application/csv'])

/** Whether a picked file may be uploaded as CSV: checked before sending, the server checks again. */
export function isCsvFile(file: Pick<File, 'type'>): boolean {
  return CSV_TYPES.has(file.type.split(';')[0]!.trim().toLowerCase())
}

/** Starts a download of `url` (an answer with Content-Disposition: attachment) by a link click. */
export function download(url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  document.body.append(link)
  link.click()
  link.remove()
}
