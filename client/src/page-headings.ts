/**
 * The note put before a non-JSON answer's headings when the page mentions a content delivery
 * network (docs/api.md, "The client"): the page most likely came from the CDN, not from Shopwright.
 */
export const CDN_NOTE =
  'The content delivery network (CDN) in front of the site answered instead of the server.'

// Only the start of a page is read: error pages put their headings first, and a bound keeps the
// regular expressions linear on a large body.
const SCAN_LIMIT = 64 * 1024
const DETAIL_LIMIT = 300
const HEADING = /<h([12])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i
const CDN = /\b(?:cdn|cloudflare|cloudfront|akamai|fastly)\b/i

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

/** Decodes the entities error pages use: &amp; &lt; &gt; &quot; &apos; &nbsp; and numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (match, dec, hex, name) => {
    if (typeof name === 'string') return NAMED_ENTITIES[name.toLowerCase()] ?? match
    const code = typeof dec === 'string' ? Number(dec) : Number.parseInt(String(hex), 16)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match
  })
}

function plainText(html: string): string {
  const text = html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '')
  return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

/** The text of a page's h1 and h2 headings in document order, tags stripped and entities decoded. */
export function pageHeadings(html: string): string[] {
  const head = html.slice(0, SCAN_LIMIT)
  const headings: string[] = []
  for (const match of head.matchAll(HEADING)) {
    const text = plainText(match[2] ?? '')
    if (text !== '') headings.push(text)
  }
  return headings
}

/**
 * What to show for an answer that is not JSON (docs/api.md, "The client"): the page's h1 and h2
 * text (its title when it has neither), prefixed by CDN_NOTE when the page mentions a CDN. Parsed
 * with regular expressions, not a DOM, so it runs in Node too. Undefined when there is nothing to
 * show.
 */
export function describeNonJsonAnswer(body: string): string | undefined {
  const head = body.slice(0, SCAN_LIMIT)
  let text = pageHeadings(head).join(' - ')
  if (text === '') text = plainText(TITLE.exec(head)?.[1] ?? '')
  if (text.length > DETAIL_LIMIT) text = `${text.slice(0, DETAIL_LIMIT - 3)}...`
  const parts = CDN.test(head) ? [CDN_NOTE, text] : [text]
  const detail = parts.filter((part) => part !== '').join(' ')
  return detail === '' ? undefined : detail
}
