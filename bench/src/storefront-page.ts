/** Small readers of a server-rendered storefront page; pure. */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
}

/** The text of the page's `<title>`, entities decoded and spaces collapsed; '' when there is none. */
export function htmlTitle(html: string): string {
  const found = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]
  if (found === undefined) return ''
  return found
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
}

/** `home` for `/`, `about` for `/about`, `a-b` for `/a/b`: a page address as a file name. */
export function pageSlug(page: string): string {
  const slug = page
    .replace(/^\/+|\/+$/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase()
  return slug || 'home'
}

/**
 * The items a page links to (`href="/item/<id>"`, its query and fragment left out), each once, in
 * the order the page shows them: what a category page's item cards point at.
 */
export function itemLinks(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/\bhref="\/item\/([^"?#/]+)[^"]*"/g)) {
    try {
      found.add(decodeURIComponent(match[1]!))
    } catch {
      found.add(match[1]!)
    }
  }
  return [...found]
}
