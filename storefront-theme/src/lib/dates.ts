/** A document's date (ISO text) in the page's language, or the text as it came. */
export function formatDate(value: unknown, language: string): string {
  const text = typeof value === 'string' ? value : ''
  const time = Date.parse(text)
  if (!text || Number.isNaN(time)) return text
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(time)
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(time)
  }
}
