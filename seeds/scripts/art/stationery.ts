import { shade, tint, type Palette } from './colour.js'
import { dotGrid, shadow } from './shapes.js'

// Stationery drawings, each in the 300 x 400 box with its feet near y 320.

const PAPER = '#fbf8f1'
const GOLD = '#d9a441'
const STEEL = '#c3c9cf'

export function notebook(p: Palette): string {
  return (
    shadow(158, 316, 84) +
    `<rect x="96" y="104" width="134" height="198" rx="8" fill="${shade(p.main, 0.25)}"/>` +
    `<rect x="94" y="102" width="132" height="198" rx="8" fill="${PAPER}"/>` +
    `<rect x="84" y="96" width="136" height="200" rx="8" fill="${p.main}"/>` +
    `<rect x="84" y="96" width="18" height="200" rx="6" fill="${shade(p.main, 0.2)}"/>` +
    dotGrid(120, 124, 5, 8, 18, 2.2, tint(p.main, 0.3)) +
    `<rect x="194" y="96" width="9" height="200" fill="${p.second}"/>` +
    `<path d="M168 296V330L175 322 182 330V296Z" fill="${p.accent}"/>`
  )
}

export function fountainPen(p: Palette): string {
  return (
    shadow(150, 306, 100) +
    `<g transform="rotate(-34 150 214)">` +
    `<rect x="62" y="198" width="14" height="26" rx="7" fill="${p.ink}"/>` +
    `<rect x="70" y="196" width="132" height="30" rx="14" fill="${p.main}"/>` +
    `<rect x="160" y="196" width="10" height="30" fill="${GOLD}"/>` +
    `<rect x="84" y="189" width="60" height="7" rx="3.5" fill="${GOLD}"/>` +
    `<path d="M200 200 224 203V219L200 222Z" fill="${p.ink}"/>` +
    `<path d="M224 202 266 211 224 220Z" fill="${GOLD}"/>` +
    `<path d="M234 211H264" stroke="${shade(GOLD, 0.4)}" stroke-width="1.6"/>` +
    `<circle cx="234" cy="211" r="2.6" fill="${shade(GOLD, 0.4)}"/>` +
    `<rect x="82" y="202" width="70" height="6" rx="3" fill="#fff" opacity="0.25"/>` +
    `</g>` +
    `<path d="M216 290Q228 268 240 290Q242 304 228 304Q214 304 216 290Z" fill="${p.main}"/>` +
    `<circle cx="250" cy="276" r="5" fill="${p.main}"/><circle cx="204" cy="300" r="3.5" fill="${p.main}"/>`
  )
}

export function gelPens(p: Palette): string {
  const colours = [p.second, p.accent, p.main, '#2a9d8f', '#9b5de5']
  let pens = ''
  colours.forEach((colour, at) => {
    const angle = (at - 2) * 11
    pens +=
      `<g transform="rotate(${angle} 150 330)">` +
      `<path d="M143 286 150 306 157 286Z" fill="${shade(colour, 0.3)}"/>` +
      `<rect x="141" y="128" width="18" height="160" rx="4" fill="${PAPER}"/>` +
      `<rect x="141" y="128" width="18" height="54" rx="4" fill="${colour}"/>` +
      `<rect x="141" y="262" width="18" height="26" fill="${colour}" opacity="0.85"/>` +
      `<rect x="157" y="136" width="5" height="40" rx="2.5" fill="${shade(colour, 0.2)}"/>` +
      `</g>`
  })
  return shadow(150, 322, 74) + pens
}

export function planner(p: Palette): string {
  let lines = ''
  for (let y = 160; y <= 266; y += 14)
    lines += `<path d="M62 ${y}H140" stroke="#d8dce3" stroke-width="2"/>`
  let grid = ''
  for (let x = 160; x <= 232; x += 24)
    grid += `<path d="M${x} 150V276" stroke="#d8dce3" stroke-width="2"/>`
  for (let y = 150; y <= 276; y += 42)
    grid += `<path d="M160 ${y}H232" stroke="#d8dce3" stroke-width="2"/>`
  let rings = ''
  for (let y = 150; y <= 270; y += 15)
    rings += `<rect x="143" y="${y}" width="14" height="6" rx="3" fill="${p.ink}"/>`
  return (
    shadow(150, 306, 110) +
    `<rect x="44" y="128" width="212" height="170" rx="10" fill="${p.main}"/>` +
    `<rect x="54" y="138" width="94" height="150" rx="4" fill="${PAPER}"/>` +
    `<rect x="152" y="138" width="94" height="150" rx="4" fill="${PAPER}"/>` +
    lines +
    grid +
    `<rect x="162" y="156" width="20" height="16" rx="3" fill="${p.second}"/>` +
    `<rect x="186" y="198" width="20" height="30" rx="3" fill="${tint(p.main, 0.45)}"/>` +
    `<rect x="210" y="240" width="20" height="14" rx="3" fill="${p.accent}"/>` +
    `<circle cx="72" cy="160" r="4" fill="${p.second}"/><circle cx="72" cy="188" r="4" fill="${p.second}"/>` +
    rings
  )
}

export function stickyNotes(_p: Palette): string {
  const note = (x: number, y: number, angle: number, colour: string, lines: boolean): string =>
    `<g transform="rotate(${angle} ${x + 60} ${y + 60})">` +
    `<rect x="${x}" y="${y + 4}" width="120" height="120" fill="${shade(colour, 0.25)}" opacity="0.35"/>` +
    `<rect x="${x}" y="${y}" width="120" height="120" fill="${colour}"/>` +
    `<rect x="${x}" y="${y}" width="120" height="16" fill="${shade(colour, 0.08)}"/>` +
    (lines
      ? `<path d="M${x + 18} ${y + 46}q10 -8 20 0t20 0 20 0 20 0 M${x + 18} ${y + 72}q10 -8 20 0t20 0 20 0 M${x + 18} ${y + 98}q10 -8 20 0t20 0" stroke="${shade(colour, 0.45)}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
        `<path d="M${x + 96} ${y + 120}L${x + 120} ${y + 96}V${y + 120}Z" fill="${shade(colour, 0.15)}"/>`
      : '') +
    `</g>`
  return (
    shadow(150, 318, 90) +
    note(96, 150, 12, '#8fd3e8', false) +
    note(84, 164, -8, '#f7a1b5', false) +
    note(92, 176, 3, '#f9d56e', true)
  )
}

export function pencilCase(p: Palette): string {
  const pencil = (x: number, angle: number, colour: string): string =>
    `<g transform="rotate(${angle} ${x} 190)">` +
    `<rect x="${x - 7}" y="100" width="14" height="92" fill="${colour}"/>` +
    `<rect x="${x - 7}" y="100" width="5" height="92" fill="${shade(colour, 0.15)}"/>` +
    `<path d="M${x - 7} 100 ${x} 80 ${x + 7} 100Z" fill="#f2d7b0"/>` +
    `<path d="M${x - 2.5} 87 ${x} 80 ${x + 2.5} 87Z" fill="${p.ink}"/>` +
    `</g>`
  return (
    shadow(150, 312, 100) +
    pencil(118, -14, '#f4c542') +
    pencil(142, 8, p.second) +
    `<path d="M62 204Q60 176 90 172H210Q240 176 238 204L236 280Q234 302 210 302H90Q66 302 64 280Z" fill="${p.main}"/>` +
    `<path d="M66 190H234" stroke="${shade(p.main, 0.3)}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M70 190H230" stroke="${tint(p.main, 0.6)}" stroke-width="3" stroke-dasharray="2 3"/>` +
    `<rect x="206" y="182" width="14" height="18" rx="3" fill="${STEEL}"/>` +
    `<circle cx="213" cy="212" r="8" fill="none" stroke="${STEEL}" stroke-width="3"/>` +
    `<path d="M64 266H236" stroke="${shade(p.main, 0.15)}" stroke-width="2.5" stroke-dasharray="6 5"/>`
  )
}
export function wallCalendar(p: Palette): string {
  let grid = ''
  for (let row = 0; row < 5; row++)
    for (let column = 0; column < 7; column++)
      grid += `<rect x="${99 + column * 15.5}" y="${214 + row * 17}" width="11" height="12" rx="2" fill="#e4e7ec"/>`
  let rings = ''
  for (let x = 106; x <= 194; x += 22)
    rings += `<rect x="${x - 2}" y="${110}" width="4" height="14" rx="2" fill="${p.ink}"/>`
  return (
    shadow(150, 318, 70) +
    `<path d="M110 118 150 84 190 118" stroke="${p.ink}" stroke-width="2" fill="none"/>` +
    `<circle cx="150" cy="84" r="4.5" fill="${p.ink}"/>` +
    `<rect x="90" y="116" width="120" height="190" rx="4" fill="${PAPER}"/>` +
    `<rect x="90" y="116" width="120" height="86" fill="${tint(p.main, 0.55)}"/>` +
    `<circle cx="178" cy="142" r="12" fill="${p.accent}"/>` +
    `<path d="M90 202 128 150 154 180 172 164 210 202Z" fill="${p.main}"/>` +
    `<path d="M120 160 128 150 136 160Z" fill="#fff"/>` +
    grid +
    `<circle cx="${99 + 3 * 15.5 + 5.5}" cy="${214 + 2 * 17 + 6}" r="9" fill="none" stroke="${p.second}" stroke-width="2.5"/>` +
    rings
  )
}

export function atlas(p: Palette): string {
  const globe = p.second
  return (
    shadow(154, 304, 78) +
    `<rect x="204" y="114" width="14" height="172" rx="3" fill="${PAPER}"/>` +
    `<path d="M204 118H218 M204 126H218 M204 134H218" stroke="#e0dccf" stroke-width="1.5"/>` +
    `<rect x="92" y="108" width="122" height="182" rx="6" fill="${p.main}"/>` +
    `<rect x="84" y="108" width="18" height="182" rx="5" fill="${shade(p.main, 0.25)}"/>` +
    `<path d="M84 128H102 M84 270H102" stroke="${GOLD}" stroke-width="3"/>` +
    `<rect x="112" y="128" width="86" height="142" rx="4" fill="none" stroke="${GOLD}" stroke-width="2.5"/>` +
    `<circle cx="155" cy="198" r="34" fill="${globe}"/>` +
    `<path d="M133 182Q146 170 160 178Q170 190 160 196Q150 204 156 214Q150 224 140 216Q134 204 128 200Z M168 212Q180 206 186 212Q182 226 172 228Z" fill="${tint(globe, 0.45)}"/>` +
    `<ellipse cx="155" cy="198" rx="14" ry="34" fill="none" stroke="${shade(globe, 0.25)}" stroke-width="2"/>` +
    `<path d="M121 198H189" stroke="${shade(globe, 0.25)}" stroke-width="2"/>` +
    `<path d="M180 290V316L186 309 192 316V290Z" fill="${p.second}"/>`
  )
}
