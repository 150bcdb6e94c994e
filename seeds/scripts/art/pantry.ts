import { seededRandom, shade, tint, type Palette } from './colour.js'
import { leaf, shadow } from './shapes.js'

// Pantry drawings, each in the 300 x 400 box with its feet near y 320.

const KRAFT = '#c9a27e'
const LABEL = '#fbf6ea'
const HONEY = '#e9a93b'
const WOOD = '#c68b59'

function bean(x: number, y: number, angle: number, size: number): string {
  return (
    `<g transform="rotate(${angle} ${x} ${y})">` +
    `<ellipse cx="${x}" cy="${y}" rx="${size * 0.72}" ry="${size}" fill="#5a3722"/>` +
    `<path d="M${x} ${y - size * 0.8}Q${x - size * 0.3} ${y} ${x} ${y + size * 0.8}" stroke="#2e1b10" stroke-width="${(size / 6).toFixed(1)}" fill="none"/>` +
    `</g>`
  )
}

export function coffeeBag(p: Palette): string {
  let zigzag = 'M92 108'
  for (let x = 92; x < 208; x += 8) zigzag += `L${x + 4} 100L${x + 8} 108`
  return (
    shadow(150, 318, 84) +
    `<path d="M92 124H208L214 306Q150 316 86 306Z" fill="${KRAFT}"/>` +
    `<path d="${zigzag}V134H92Z" fill="${shade(KRAFT, 0.15)}"/>` +
    `<circle cx="150" cy="154" r="7" fill="${shade(KRAFT, 0.25)}"/>` +
    `<rect x="106" y="180" width="88" height="96" rx="8" fill="${LABEL}"/>` +
    `<rect x="106" y="180" width="88" height="14" rx="6" fill="${p.main}"/>` +
    bean(150, 234, 24, 22) +
    bean(218, 306, -20, 9) +
    bean(236, 312, 30, 8) +
    bean(76, 310, 60, 8)
  )
}

export function teaTin(p: Palette): string {
  return (
    shadow(150, 312, 70) +
    `<rect x="100" y="150" width="100" height="158" rx="8" fill="${p.main}"/>` +
    `<rect x="94" y="130" width="112" height="34" rx="7" fill="${shade(p.main, 0.25)}"/>` +
    `<rect x="100" y="196" width="100" height="72" fill="${LABEL}"/>` +
    leaf(150, 258, 52, 18, p.second, shade(p.second, 0.3)) +
    `<rect x="110" y="156" width="8" height="146" rx="4" fill="#fff" opacity="0.2"/>` +
    leaf(222, 316, 22, 60, p.second, shade(p.second, 0.3)) +
    leaf(78, 316, 20, -50, shade(p.second, 0.1), shade(p.second, 0.35))
  )
}

export function honeyJar(p: Palette): string {
  const jar =
    'M96 162Q92 150 104 146H196Q208 150 204 162L208 292Q208 308 190 308H110Q92 308 92 292Z'
  let comb = ''
  for (const [x, y] of [
    [150, 226],
    [134, 236],
    [166, 236],
    [150, 246],
    [134, 216],
    [166, 216],
  ] as const)
    comb += `<path d="M${x} ${y - 9}L${x + 8} ${y - 4.5}V${y + 4.5}L${x} ${y + 9}L${x - 8} ${y + 4.5}V${y - 4.5}Z" fill="${HONEY}"/>`
  const flower = (x: number, y: number): string => {
    let petals = ''
    for (let at = 0; at < 6; at++)
      petals += `<ellipse cx="${x}" cy="${y - 8}" rx="4.5" ry="8" fill="#fff" transform="rotate(${at * 60} ${x} ${y})"/>`
    return (
      `<path d="M${x} ${y}V${y + 30}" stroke="#5f8f4e" stroke-width="3"/>` +
      petals +
      `<circle cx="${x}" cy="${y}" r="5" fill="#f4c542"/>`
    )
  }
  return (
    shadow(150, 316, 96) +
    `<g transform="rotate(28 214 150)"><rect x="209" y="80" width="10" height="110" rx="5" fill="${WOOD}"/>` +
    `<rect x="202" y="70" width="24" height="40" rx="10" fill="${shade(WOOD, 0.1)}"/>` +
    `<path d="M202 80H226M202 90H226M202 100H226" stroke="${shade(WOOD, 0.35)}" stroke-width="3"/></g>` +
    `<path d="${jar}" fill="${HONEY}"/>` +
    `<rect x="106" y="160" width="10" height="132" rx="5" fill="#fff" opacity="0.3"/>` +
    `<circle cx="150" cy="231" r="34" fill="${LABEL}"/>` +
    comb +
    `<rect x="100" y="122" width="100" height="28" rx="6" fill="${p.ink}"/>` +
    `<path d="M92 130Q150 112 208 130L214 164Q150 150 86 164Z" fill="${p.second}"/>` +
    `<path d="M96 148Q150 138 204 148" stroke="${p.main}" stroke-width="3" fill="none"/>` +
    flower(64, 292) +
    flower(236, 300)
  )
}

export function chocolate(p: Palette): string {
  let squares = ''
  for (let row = 0; row < 3; row++)
    for (let column = 0; column < 3; column++)
      squares +=
        `<rect x="${90 + column * 42}" y="${128 + row * 34}" width="36" height="28" rx="3" fill="#6b4429"/>` +
        `<path d="M${90 + column * 42} ${128 + row * 34}h36l-5 5h-26v18l-5 5Z" fill="#7c5133"/>`
  let foil = 'M86 226'
  for (let x = 86; x < 214; x += 8) foil += `L${x + 4} 220L${x + 8} 226`
  return (
    shadow(150, 318, 90) +
    `<g transform="rotate(-8 150 220)">` +
    `<rect x="84" y="122" width="132" height="190" rx="6" fill="#5a3722"/>` +
    squares +
    `<path d="${foil}V240H86Z" fill="#d2d6da"/>` +
    `<rect x="80" y="232" width="140" height="84" rx="4" fill="${p.main}"/>` +
    `<rect x="80" y="260" width="140" height="26" fill="${p.second}"/>` +
    `<circle cx="150" cy="273" r="18" fill="${LABEL}"/>` +
    `<ellipse cx="150" cy="273" rx="6" ry="10" fill="#6b4429" transform="rotate(25 150 273)"/>` +
    `</g>`
  )
}

export function oliveOil(p: Palette): string {
  const olive = (x: number, y: number, angle: number): string =>
    `<ellipse cx="${x}" cy="${y}" rx="9" ry="12" fill="#4b5d23" transform="rotate(${angle} ${x} ${y})"/>` +
    `<circle cx="${x - 3}" cy="${y - 4}" r="2.5" fill="#fff" opacity="0.4"/>`
  let branch = `<path d="M124 258Q150 236 178 218" stroke="#5f6f2b" stroke-width="3" fill="none"/>`
  for (const [x, y, angle] of [
    [136, 248, -70],
    [152, 236, -40],
    [166, 226, -100],
    [146, 242, 200],
  ] as const)
    branch += `<ellipse cx="${x}" cy="${y - 9}" rx="4" ry="11" fill="#7b9a3b" transform="rotate(${angle} ${x} ${y})"/>`
  return (
    shadow(150, 318, 86) +
    `<rect x="134" y="84" width="32" height="28" rx="4" fill="#c3c9cf"/>` +
    `<path d="M140 84 146 72H156L160 84Z" fill="#9aa3ab"/>` +
    `<path d="M126 110H174V132Q198 150 198 182V302Q198 314 186 314H114Q102 314 102 302V182Q102 150 126 132Z" fill="#6e8b3d"/>` +
    `<path d="M112 188Q112 160 130 146" stroke="#fff" stroke-width="6" stroke-linecap="round" fill="none" opacity="0.25"/>` +
    `<rect x="112" y="196" width="76" height="84" rx="6" fill="${LABEL}"/>` +
    `<rect x="112" y="196" width="76" height="10" fill="${p.second}"/>` +
    branch +
    olive(160, 254, 20) +
    olive(214, 306, 10) +
    olive(230, 312, -30) +
    olive(82, 310, 40)
  )
}

export function jam(p: Palette): string {
  const red = '#b8283d'
  let scallops = 'M90 156'
  for (let x = 90; x < 210; x += 15) scallops += `Q${x + 7.5} 172 ${x + 15} 156`
  const pattern =
    `<pattern id="cloth" width="16" height="16" patternUnits="userSpaceOnUse">` +
    `<rect width="16" height="16" fill="#fff"/><rect width="8" height="16" fill="${red}" opacity="0.5"/><rect width="16" height="8" fill="${red}" opacity="0.5"/>` +
    `</pattern>`
  const strawberry = (x: number, y: number, size: number): string => {
    const s = size / 20
    let seeds = ''
    for (const [dx, dy] of [
      [-6, -2],
      [6, -2],
      [0, 4],
      [-4, 10],
      [4, 10],
      [0, -6],
    ] as const)
      seeds += `<ellipse cx="${x + dx * s}" cy="${y + dy * s}" rx="${1.2 * s}" ry="${1.8 * s}" fill="#f6d55c"/>`
    return (
      `<path d="M${x} ${y + 20 * s}C${x - 20 * s} ${y + 6 * s} ${x - 18 * s} ${y - 14 * s} ${x} ${y - 12 * s}C${x + 18 * s} ${y - 14 * s} ${x + 20 * s} ${y + 6 * s} ${x} ${y + 20 * s}Z" fill="${red}"/>` +
      seeds +
      `<path d="M${x - 10 * s} ${y - 12 * s}L${x} ${y - 7 * s} ${x + 10 * s} ${y - 12 * s} ${x + 3 * s} ${y - 16 * s} ${x} ${y - 22 * s} ${x - 3 * s} ${y - 16 * s}Z" fill="#4f8a4b"/>`
    )
  }
  return (
    shadow(150, 314, 90) +
    pattern +
    `<rect x="100" y="152" width="100" height="154" rx="16" fill="${red}"/>` +
    `<rect x="110" y="166" width="9" height="128" rx="4.5" fill="#fff" opacity="0.25"/>` +
    `<rect x="98" y="134" width="104" height="26" rx="5" fill="${p.ink}"/>` +
    `<path d="M90 132Q150 112 210 132L210 156H90Z" fill="url(#cloth)"/>` +
    `<path d="${scallops}H90Z" fill="url(#cloth)"/>` +
    `<path d="M92 156H208" stroke="${p.accent}" stroke-width="3"/>` +
    `<circle cx="150" cy="236" r="32" fill="${LABEL}"/>` +
    strawberry(150, 238, 24) +
    strawberry(226, 300, 14)
  )
}

export function seaSalt(p: Palette): string {
  const random = seededRandom('sea-salt')
  let crystals = ''
  for (let at = 0; at < 46; at++) {
    const x = 108 + random() * 84
    const y = 196 + random() * 98
    const size = 2 + random() * 4
    crystals += `<rect x="${(x - size).toFixed(1)}" y="${(y - size).toFixed(1)}" width="${(size * 2).toFixed(1)}" height="${(size * 2).toFixed(1)}" fill="#fff" transform="rotate(${Math.round(random() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`
  }
  let pile = ''
  for (let at = 0; at < 12; at++) {
    const x = 212 + random() * 40
    const y = 304 + random() * 10
    pile += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="5" height="5" fill="#fff" transform="rotate(${Math.round(random() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`
  }
  return (
    shadow(150, 314, 86) +
    `<rect x="104" y="176" width="92" height="134" rx="12" fill="#dcebf0"/>` +
    `<rect x="104" y="190" width="92" height="120" rx="12" fill="${tint(p.stage, 0.6)}"/>` +
    crystals +
    `<rect x="112" y="184" width="8" height="116" rx="4" fill="#fff" opacity="0.5"/>` +
    `<rect x="100" y="150" width="100" height="30" rx="7" fill="${WOOD}"/>` +
    `<path d="M104 160H196" stroke="${shade(WOOD, 0.15)}" stroke-width="2"/>` +
    `<g transform="rotate(-30 214 250)"><rect x="210" y="190" width="8" height="96" rx="4" fill="${WOOD}"/><ellipse cx="214" cy="184" rx="13" ry="17" fill="${shade(WOOD, 0.08)}"/></g>` +
    pile
  )
}
