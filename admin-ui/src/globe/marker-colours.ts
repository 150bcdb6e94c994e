// Marker colours come from CSS: three hidden style holders, one per marker style (docs/globe.md,
// "Behaviour"), so a theme restyles the markers with a stylesheet, not a prop.
import type { MarkerColours } from './draw.js'
import { MARKER_STYLES, type MarkerStyle } from './markers.js'

/** The class of each style holder; globe.css gives each a `color` (fill) and a `border-color` (edge). */
export const HOLDER_CLASS: Readonly<Record<MarkerStyle, string>> = {
  other: 'sw-globe-marker-other',
  secondary: 'sw-globe-marker-secondary',
  primary: 'sw-globe-marker-primary',
}

/** Used when a holder has no colour (no stylesheet: tests, or a theme that forgot one). */
export const FALLBACK_COLOURS: Readonly<Record<MarkerStyle, MarkerColours>> = {
  other: { fill: 'rgba(120, 120, 120, 0.8)', stroke: '#ffffff' },
  secondary: { fill: 'rgba(240, 160, 40, 0.85)', stroke: '#ffffff' },
  primary: { fill: 'rgba(214, 40, 40, 0.9)', stroke: '#ffffff' },
}

/** Reads each holder's computed colours (a display: none element still has them). */
export function readMarkerColours(
  holders: Partial<Record<MarkerStyle, Element | null>>,
  computed: (element: Element) => Pick<CSSStyleDeclaration, 'color' | 'borderTopColor'> = (
    element,
  ) => getComputedStyle(element),
): Record<MarkerStyle, MarkerColours> {
  const colours = { ...FALLBACK_COLOURS }
  for (const style of MARKER_STYLES) {
    const holder = holders[style]
    if (!holder) continue
    const css = computed(holder)
    colours[style] = {
      fill: css.color || FALLBACK_COLOURS[style].fill,
      stroke: css.borderTopColor || FALLBACK_COLOURS[style].stroke,
    }
  }
  return colours
}
