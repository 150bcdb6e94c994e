import Image from '@tiptap/extension-image'
import { TableKit } from '@tiptap/extension-table'
import StarterKit from '@tiptap/starter-kit'

/** The link schemes the server keeps (plugins/records/src/server/html-content.ts, OPTIONS). */
const SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

/**
 * Whether the server keeps a link to `href`: http(s), mailto and tel, or an address on this site
 * (`/about`, `#top`). A protocol-relative `//host` is dropped there, so it is refused here too.
 */
export function allowedHref(href: string): boolean {
  const trimmed = href.trim()
  if (trimmed === '' || trimmed.startsWith('//')) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]
  return scheme === undefined || SCHEMES.has(scheme.toLowerCase())
}

/**
 * The address a person typed, as a link takes it: `shop.example.com/x` means the web address,
 * not a page of this site called that, so a bare host name gets `https://`.
 */
export function linkAddress(typed: string): string {
  const trimmed = typed.trim()
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(?:[/?#:]|$)/i.test(trimmed) && !trimmed.includes('@')
    ? `https://${trimmed}`
    : trimmed
}

/**
 * What the editor knows. Everything it writes is a tag the server's cleaning keeps: headings are
 * h2 and h3 only (the page's title is its h1), no trailing empty paragraph is added after a list,
 * and links keep the target the HTML gave them instead of TipTap's default new tab. Images sit
 * inline like the server's HTML has them, with their alternative text (ImageRow asks for it).
 * Tables have a header row and no column widths (the server keeps no style).
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      trailingNode: false,
      link: {
        openOnClick: false,
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => allowedHref(url),
      },
    }),
    Image.configure({ inline: true, allowBase64: true }),
    TableKit.configure({ table: { resizable: false, renderWrapper: false } }),
  ]
}
