import { createError } from '@shopwright/core'

type Purifier = import('dompurify').DOMPurify
interface SvgTools {
  purifier: Purifier
  serialize(node: Node): string
}

let tools: Promise<SvgTools> | undefined

/**
 * DOMPurify over a jsdom window, loaded on the first SVG upload only: jsdom costs tens of
 * megabytes that a node serving pages should not carry until someone uploads an SVG.
 */
function svgTools(): Promise<SvgTools> {
  tools ??= (async () => {
    const [{ JSDOM }, { default: createPurifier }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ])
    const { window } = new JSDOM('')
    const purifier = createPurifier(window as unknown as Parameters<typeof createPurifier>[0])
    purifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if (!isLocalReference(data.attrName, data.attrValue)) data.keepAttr = false
    })
    const serializer = new window.XMLSerializer()
    return { purifier, serialize: (node) => serializer.serializeToString(node) }
  })()
  return tools
}

const HREF = new Set(['href', 'xlink:href'])

/**
 * True unless the attribute points outside the image: a link or `url(...)` that is not a fragment
 * (`#id`) could load a remote resource (a tracking pixel, a stylesheet) when the image is shown.
 */
function isLocalReference(name: string, value: string): boolean {
  if (HREF.has(name.toLowerCase())) return value.trim().startsWith('#')
  for (const match of value.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)) {
    if (!match[2]!.trim().startsWith('#')) return false
  }
  return !/@import|expression\s*\(/i.test(value)
}

/**
 * An uploaded SVG made safe to serve: scripts, event handlers, `<foreignObject>`, `<style>`
 * sheets, animation of links, raster `<image>`s and every reference outside the file are removed
 * (DOMPurify's SVG profile plus the hook above). What remains must still be an `<svg>` root;
 * anything else is refused as not an image. The answer is XML with its namespaces declared,
 * as a browser needs for `image/svg+xml`.
 */
export async function sanitizeSvg(text: string): Promise<string> {
  const { purifier, serialize } = await svgTools()
  const fragment = purifier.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject', 'image', 'a', 'animate', 'set', 'script'],
    RETURN_DOM_FRAGMENT: true,
  })
  const roots = [...fragment.childNodes].filter((node) => node.nodeType === 1)
  const root = roots[0] as Element | undefined
  if (roots.length !== 1 || root?.localName !== 'svg')
    throw createError('ERROR_IMAGE_TYPE', { reason: 'The SVG has no <svg> root element.' })
  if (!root.hasAttribute('viewBox') && !root.hasAttribute('width'))
    throw createError('ERROR_IMAGE_TYPE', { reason: 'The SVG has neither a viewBox nor a size.' })
  return serialize(root)
}
