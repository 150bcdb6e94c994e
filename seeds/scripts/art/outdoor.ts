import { seededRandom, shade, tint, type Palette } from './colour.js'
import { flame, shadow } from './shapes.js'

// Outdoor drawings, each in the 300 x 400 box with its feet near y 320.

const BARK = '#7a5537'

export function lantern(p: Palette): string {
  let bars = ''
  for (const x of [116, 148, 180])
    bars += `<rect x="${x}" y="136" width="4" height="104" fill="${p.main}"/>`
  return (
    shadow(150, 292, 66) +
    `<circle cx="150" cy="190" r="86" fill="#fbe7a1" opacity="0.28"/>` +
    `<path d="M118 124Q150 74 182 124" stroke="${p.ink}" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<rect x="116" y="132" width="68" height="110" rx="8" fill="#fbe7a1"/>` +
    flame(150, 222, 58) +
    bars +
    `<path d="M108 136H192L178 112H122Z" fill="${p.main}"/>` +
    `<rect x="140" y="104" width="20" height="10" rx="3" fill="${shade(p.main, 0.2)}"/>` +
    `<path d="M106 240H194L200 280H100Z" fill="${p.main}"/>` +
    `<rect x="96" y="276" width="108" height="12" rx="6" fill="${shade(p.main, 0.25)}"/>` +
    `<circle cx="150" cy="260" r="6" fill="${p.second}"/>`
  )
}

export function bottle(p: Palette): string {
  return (
    shadow(150, 318, 58) +
    `<circle cx="178" cy="96" r="13" fill="none" stroke="${shade(p.main, 0.35)}" stroke-width="6"/>` +
    `<rect x="128" y="88" width="44" height="34" rx="7" fill="${shade(p.main, 0.35)}"/>` +
    `<path d="M118 156Q118 126 138 120H162Q182 126 182 156Z" fill="${p.main}"/>` +
    `<rect x="112" y="146" width="76" height="168" rx="24" fill="${p.main}"/>` +
    `<rect x="112" y="206" width="76" height="40" fill="${shade(p.main, 0.15)}"/>` +
    `<path d="M150 214 162 236H138Z" fill="${tint(p.main, 0.6)}"/>` +
    `<rect x="124" y="156" width="9" height="144" rx="4.5" fill="#fff" opacity="0.25"/>`
  )
}

export function backpack(p: Palette): string {
  const dark = shade(p.main, 0.2)
  return (
    shadow(150, 324, 90) +
    `<path d="M132 98Q132 70 150 70Q168 70 168 98" stroke="${dark}" stroke-width="7" fill="none"/>` +
    `<rect x="74" y="226" width="22" height="72" rx="8" fill="${dark}"/>` +
    `<rect x="204" y="226" width="22" height="72" rx="8" fill="${dark}"/>` +
    `<path d="M90 132Q90 96 150 94Q210 96 210 132L216 300Q216 318 198 318H102Q84 318 84 300Z" fill="${p.main}"/>` +
    `<path d="M90 132Q90 96 150 94Q210 96 210 132Q210 154 150 156Q90 154 90 132Z" fill="${dark}"/>` +
    `<rect x="108" y="220" width="84" height="78" rx="16" fill="${p.second}"/>` +
    `<path d="M108 236Q150 250 192 236V226Q192 220 180 220H120Q108 220 108 226Z" fill="${shade(p.second, 0.15)}"/>` +
    `<path d="M100 186H200" stroke="${p.ink}" stroke-width="5"/>` +
    `<rect x="140" y="178" width="20" height="16" rx="3" fill="${p.accent}"/>` +
    `<path d="M124 156V220 M176 156V220" stroke="${p.ink}" stroke-width="5"/>` +
    `<rect x="117" y="198" width="14" height="12" rx="2" fill="${p.accent}"/><rect x="169" y="198" width="14" height="12" rx="2" fill="${p.accent}"/>`
  )
}

export function campMug(p: Palette): string {
  const random = seededRandom('camp-mug')
  let speckles = ''
  for (let at = 0; at < 40; at++)
    speckles += `<circle cx="${(98 + random() * 100).toFixed(1)}" cy="${(178 + random() * 100).toFixed(1)}" r="${(0.8 + random() * 1.6).toFixed(1)}" fill="#fff" opacity="0.7"/>`
  return (
    shadow(150, 300, 80) +
    `<path d="M202 188Q238 188 238 222Q238 256 202 256V244Q224 244 224 222Q224 200 202 200Z" fill="${p.ink}"/>` +
    `<rect x="92" y="170" width="112" height="122" fill="${p.main}"/>` +
    speckles +
    `<path d="M120 262 146 222 162 244 172 232 186 262Z" fill="${tint(p.main, 0.75)}"/>` +
    `<circle cx="176" cy="214" r="7" fill="${p.second}"/>` +
    `<rect x="88" y="164" width="120" height="11" rx="5.5" fill="${p.ink}"/>` +
    `<rect x="92" y="286" width="112" height="9" rx="4" fill="${p.ink}"/>`
  )
}

export function picnicBlanket(p: Palette): string {
  const pattern =
    `<pattern id="gingham" width="24" height="24" patternUnits="userSpaceOnUse">` +
    `<rect width="24" height="24" fill="#fbf6ec"/>` +
    `<rect width="12" height="24" fill="${p.second}" opacity="0.55"/>` +
    `<rect width="24" height="12" fill="${p.second}" opacity="0.55"/>` +
    `</pattern>`
  const leather = '#8a5a3b'
  return (
    shadow(150, 304, 100) +
    pattern +
    `<rect x="62" y="228" width="176" height="70" rx="16" fill="${shade(p.second, 0.3)}"/>` +
    `<rect x="62" y="220" width="176" height="70" rx="16" fill="url(#gingham)"/>` +
    `<rect x="70" y="158" width="160" height="70" rx="16" fill="${shade(p.second, 0.3)}"/>` +
    `<rect x="70" y="150" width="160" height="70" rx="16" fill="url(#gingham)"/>` +
    `<path d="M74 218Q150 228 226 218" stroke="${shade(p.second, 0.2)}" stroke-width="3" fill="none" opacity="0.6"/>` +
    `<rect x="134" y="144" width="20" height="154" fill="${leather}"/>` +
    `<rect x="130" y="204" width="28" height="22" rx="3" fill="none" stroke="${p.accent}" stroke-width="4"/>` +
    `<path d="M144 92Q150 70 156 92V144H144Z" fill="${leather}"/>`
  )
}

export function compass(p: Palette): string {
  let ticks = ''
  for (let at = 0; at < 36; at++) {
    const angle = (at * Math.PI) / 18
    const inner = at % 9 === 0 ? 54 : 60
    const x1 = 150 + Math.sin(angle) * inner
    const y1 = 214 - Math.cos(angle) * inner
    const x2 = 150 + Math.sin(angle) * 66
    const y2 = 214 - Math.cos(angle) * 66
    ticks += `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${p.ink}" stroke-width="${at % 9 === 0 ? 3 : 1.5}"/>`
  }
  return (
    shadow(150, 312, 80) +
    `<path d="M150 118Q120 60 70 78" stroke="${p.second}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<circle cx="150" cy="122" r="12" fill="none" stroke="${shade(p.main, 0.2)}" stroke-width="6"/>` +
    `<circle cx="150" cy="214" r="88" fill="${p.main}"/>` +
    `<circle cx="150" cy="214" r="74" fill="#fbf8f1"/>` +
    ticks +
    `<g transform="rotate(24 150 214)">` +
    `<path d="M150 160 162 214H138Z" fill="${p.second}"/>` +
    `<path d="M150 268 162 214H138Z" fill="${tint(p.ink, 0.6)}"/>` +
    `</g>` +
    `<circle cx="150" cy="214" r="7" fill="${p.ink}"/>`
  )
}

export function hammock(p: Palette): string {
  const tree = (x: number): string =>
    `<rect x="${x - 9}" y="118" width="18" height="206" rx="4" fill="${BARK}"/>` +
    `<circle cx="${x}" cy="104" r="40" fill="${p.main}"/>` +
    `<circle cx="${x - 24}" cy="132" r="26" fill="${shade(p.main, 0.12)}"/>` +
    `<circle cx="${x + 22}" cy="128" r="28" fill="${tint(p.main, 0.12)}"/>`
  const fabric = 'M96 214Q150 300 204 214Q150 262 96 214Z'
  return (
    shadow(150, 324, 130) +
    tree(46) +
    tree(254) +
    `<path d="M55 176 96 214 M245 176 204 214" stroke="${p.ink}" stroke-width="2.5"/>` +
    `<clipPath id="hammock"><path d="${fabric}"/></clipPath>` +
    `<path d="${fabric}" fill="${p.second}"/>` +
    `<g clip-path="url(#hammock)"><path d="M120 200V300 M150 200V300 M180 200V300" stroke="${p.accent}" stroke-width="9"/></g>`
  )
}
