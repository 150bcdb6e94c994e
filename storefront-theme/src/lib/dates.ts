/** One formatter per language: a list shows a date per row, and making one is costly. */
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(language: string): Intl.DateTimeFormat {
  let formatter = formatters.get(language)
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium' })
    } catch {
      // Not a language tag Intl takes: English dates rather than none.
      formatter = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })
    }
    formatters.set(language, formatter)
  }
  return formatter
}

/** A document's date (ISO text) in the page's language, or the text as it came. */
export function formatDate(value: unknown, language: string): string {
  const text = typeof value === 'string' ? value : ''
  const time = Date.parse(text)
  if (!text || Number.isNaN(time)) return text
  return formatterOf(language).format(time)
}
