// How each map layer is drawn: fill, stroke or outline, which attribute splits it into styles (one
// canvas path per style), and the colours. Pure data: the layer worker reads it too.

export type DrawMode = 'fill' | 'stroke' | 'outline' | 'points'

/**
 * Polygons are filled, lines stroked. States are polygons drawn as outlines only (filled they would
 * hide the countries' colours), without the cell cuts (isCellBorderEdge).
 */
export function drawMode(id: string, geometry: 'polygons' | 'lines' | 'points'): DrawMode {
  if (geometry === 'points') return 'points'
  if (id === 'states') return 'outline'
  return geometry === 'polygons' ? 'fill' : 'stroke'
}

/** The attribute whose value picks a shape's style, per layer; other layers have one style. */
export const STYLE_ATTRIBUTE: Readonly<Record<string, string>> = {
  bathymetry: 'e',
  countries: 'c',
  rivers: 'w',
  boundary: 't',
  highways: 't',
}

/** A shape's style key from its attributes (rivers' widths rounded to 0.5 px: fewer paths). */
export function styleKey(id: string, attrs: Readonly<Record<string, string>>): string {
  const key = STYLE_ATTRIBUTE[id]
  if (!key) return ''
  const value = attrs[key] ?? ''
  if (key === 'w' && value !== '') return String(Math.round(Number(value) * 2) / 2)
  return value
}

/** The ocean, and the plain blue drawn before any layer has loaded. */
export const OCEAN = '#a9cbec'
export const SPHERE_EDGE = '#6e94b8'

/** Bathymetry by depth band (metres, 0 to -10000): darker with depth. */
const DEPTH_COLOURS: ReadonlyArray<[number, string]> = [
  [0, '#a9cbec'],
  [-200, '#9dc2e6'],
  [-1000, '#90b8df'],
  [-2000, '#84aed8'],
  [-3000, '#78a4d1'],
  [-4000, '#6c9aca'],
  [-5000, '#6090c2'],
  [-6000, '#5586ba'],
  [-8000, '#4a7cb2'],
  [-9000, '#4072aa'],
  [-10000, '#3668a2'],
]

/** Countries by MAPCOLOR7 (1 to 7, neighbours differ): soft land colours. */
const COUNTRY_COLOURS = [
  '#efe6c8',
  '#e0ebcb',
  '#f0dacb',
  '#e6ddee',
  '#d9e8ee',
  '#efe1b4',
  '#e9d6d2',
]

export interface PathStyle {
  fill?: string
  stroke?: string
  /** Stroke width in CSS pixels. */
  width?: number
  dash?: readonly number[]
}

/** The canvas style of one style key of a layer. */
export function pathStyle(id: string, key: string): PathStyle {
  switch (id) {
    case 'bathymetry': {
      const depth = Number(key)
      const band = DEPTH_COLOURS.find(([limit]) => depth >= limit) ?? DEPTH_COLOURS.at(-1)!
      return { fill: band[1] }
    }
    case 'countries':
      return { fill: COUNTRY_COLOURS[(Math.max(1, Number(key) || 1) - 1) % COUNTRY_COLOURS.length] }
    case 'states':
      return { stroke: '#b9a88f', width: 0.5 }
    case 'urban':
      return { fill: '#dfc9a6' }
    case 'playas':
      return { fill: '#efe2b8' }
    case 'lakes':
      return { fill: OCEAN }
    case 'reefs':
      return { stroke: '#74a9bd', width: 0.8 }
    case 'rivers':
      return { stroke: '#6f9fd0', width: Math.max(0.5, Number(key) || 1) * 0.6 }
    case 'boundary':
      return key === ''
        ? { stroke: '#8d6e8d', width: 0.8 }
        : { stroke: '#8d6e8d', width: 0.8, dash: [3, 2] }
    case 'railroads':
      return { stroke: '#7a7a7a', width: 0.6 }
    case 'highways':
      return { stroke: '#c0763e', width: 0.8 }
    default:
      return { stroke: '#666', width: 0.5 }
  }
}

export const LABEL_COLOUR = '#2f2f2f'
export const LABEL_HALO = 'rgba(255, 255, 255, 0.85)'
export const CITY_DOT = '#4a4a4a'
