/**
 * Per tag, the attributes the editor keeps (extensions.ts): anything else in stored HTML (a div,
 * a class, a table's caption or thead) would be dropped at the first edit. `b` and `i` are read as strong and em.
 */
const KEPT: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  blockquote: [],
  pre: [],
  code: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'target', 'rel', 'title', 'class'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  // Tables as the editor writes them, once the server has dropped their widths (style, colgroup).
  table: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
}

/** A link without an address, or an image without a source, is not one to the editor. */
const NEEDED: Readonly<Record<string, string>> = { a: 'href', img: 'src' }

/** A code block keeps its language (`<code class="language-css">`), no other class. */
const keptAttribute = (element: Element, attribute: Attr) =>
  KEPT[element.localName]?.includes(attribute.name) ||
  (element.localName === 'code' &&
    attribute.name === 'class' &&
    /^language-[\w-]+$/.test(attribute.value))

/**
 * Whether the editor can show `html` and write it back without losing anything but whitespace
 * and spelling (`<b>` becomes `<strong>`). When it cannot, the field opens as HTML source, so
 * typing one letter never throws away a table the server had kept.
 */
export function editorKeeps(html: string): boolean {
  // Plain text has no element to lose.
  if (!html.includes('<')) return true
  // DOMParser's document is inert: no script runs and no image loads while it is read.
  const body = new DOMParser().parseFromString(html, 'text/html').body
  for (const element of Array.from(body.querySelectorAll('*'))) {
    if (!KEPT[element.localName]) return false
    const needed = NEEDED[element.localName]
    if (needed && !element.getAttribute(needed)) return false
    for (const attribute of Array.from(element.attributes))
      if (!keptAttribute(element, attribute)) return false
  }
  return true
}
