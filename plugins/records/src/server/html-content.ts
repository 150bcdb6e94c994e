import type sanitizeHtmlType from 'sanitize-html'
import { loadOnce } from './load-once.js'

/** sanitize-html (about 100 ms to load) comes in on the first rich-text write, not at every start. */
const loadSanitizer = loadOnce(() => import('sanitize-html').then((module) => module.default))

/**
 * What rich text (`htmlx` fields: a page's content) may hold: text structure, links, images and
 * tables; no scripts, styles, frames, forms or event handlers. Links may only be http(s), mailto,
 * tel or local; images http(s), local or data. The storefront shows the stored HTML as it is, so
 * it is cleaned once, when it is written through the record calls.
 */
export const OPTIONS: sanitizeHtmlType.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['class', 'id', 'lang', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // A link opening a new tab cannot reach back into this page.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

/** Rich text made safe to show as it is. */
export async function cleanHtml(html: string): Promise<string> {
  return (await loadSanitizer())(html, OPTIONS)
}

/**
 * An `<img>` of cleaned rich text without alternative text (no `alt`, or only spaces). Read on
 * sanitize-html's output, which writes every attribute in double quotes with `"` escaped.
 */
const IMAGE_WITHOUT_ALT = /<img\b(?![^>]*\salt="[^"]*[^"\s])[^>]*>/i

/** Whether cleaned rich text holds a picture without alternative text. */
export function hasImageWithoutAlt(cleaned: string): boolean {
  return IMAGE_WITHOUT_ALT.test(cleaned)
}
