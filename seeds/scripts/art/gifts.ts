import { shade, tint, type Palette } from './colour.js'
import { flame, PUZZLE_PIECE, shadow } from './shapes.js'

// Gift drawings, each in the 300 x 400 box with its feet near y 320.

export function candle(p: Palette): string {
  return (
    shadow(150, 310, 72) +
    `<circle cx="150" cy="150" r="52" fill="#fbe7a1" opacity="0.35"/>` +
    `<path d="M150 172V150" stroke="${p.ink}" stroke-width="3"/>` +
    flame(150, 152, 44) +
    `<rect x="98" y="170" width="104" height="134" rx="12" fill="${p.main}"/>` +
    `<ellipse cx="150" cy="178" rx="48" ry="9" fill="#f6ecd9"/>` +
    `<rect x="108" y="186" width="9" height="108" rx="4.5" fill="#fff" opacity="0.22"/>` +
    `<rect x="116" y="222" width="68" height="54" rx="4" fill="#fbf6ea"/>` +
    `<path d="M150 268V236 M150 250 140 240 M150 258 160 248" stroke="#6f8f5e" stroke-width="2.5" stroke-linecap="round"/>` +
    `<circle cx="150" cy="234" r="3.5" fill="${p.second}"/><circle cx="140" cy="238" r="3" fill="${p.second}"/><circle cx="160" cy="246" r="3" fill="${p.second}"/>`
  )
}

export function giftBox(p: Palette): string {
  return (
    shadow(150, 308, 92) +
    `<rect x="86" y="196" width="128" height="108" fill="${p.main}"/>` +
    `<rect x="86" y="196" width="128" height="14" fill="${shade(p.main, 0.2)}"/>` +
    `<rect x="78" y="172" width="144" height="30" rx="3" fill="${tint(p.main, 0.1)}"/>` +
    `<rect x="140" y="172" width="20" height="132" fill="${p.second}"/>` +
    `<rect x="86" y="240" width="128" height="16" fill="${p.second}"/>` +
    `<path d="M150 172Q110 128 104 152Q100 174 150 172Z" fill="${p.second}"/>` +
    `<path d="M150 172Q190 128 196 152Q200 174 150 172Z" fill="${p.second}"/>` +
    `<path d="M150 172Q120 146 112 156Q114 166 150 172Z M150 172Q180 146 188 156Q186 166 150 172Z" fill="${shade(p.second, 0.2)}"/>` +
    `<path d="M146 174 128 206 138 204 142 214 150 176Z M154 174 172 206 162 204 158 214 150 176Z" fill="${shade(p.second, 0.1)}"/>` +
    `<circle cx="150" cy="172" r="10" fill="${shade(p.second, 0.15)}"/>`
  )
}

export function cards(p: Palette): string {
  const card = (angle: number, fill: string, motif: string): string =>
    `<g transform="rotate(${angle} 150 300)"><rect x="104" y="118" width="92" height="126" rx="4" fill="${fill}"/>${motif}</g>`
  return (
    shadow(150, 316, 92) +
    card(-16, p.accent, `<circle cx="150" cy="170" r="22" fill="#fff" opacity="0.8"/>`) +
    card(
      10,
      p.second,
      `<path d="M150 200C120 180 126 152 150 166C174 152 180 180 150 200Z" fill="#fff" opacity="0.85"/>`,
    ) +
    card(
      -2,
      p.main,
      `<path d="M120 214 142 176 156 196 166 184 182 214Z" fill="${tint(p.main, 0.6)}"/><circle cx="170" cy="152" r="9" fill="${p.accent}"/>`,
    ) +
    `<rect x="74" y="226" width="152" height="86" rx="4" fill="#d8b68c"/>` +
    `<path d="M74 230 150 278 226 230" stroke="${shade('#d8b68c', 0.2)}" stroke-width="3" fill="none"/>`
  )
}

export function succulent(p: Palette): string {
  const terracotta = '#c96f4a'
  let rosette = ''
  const ring = (
    count: number,
    length: number,
    width: number,
    fill: string,
    offset: number,
  ): void => {
    for (let at = 0; at < count; at++) {
      const angle = offset + (at * 180) / (count - 1) - 90
      rosette +=
        `<g transform="rotate(${angle.toFixed(1)} 150 222)">` +
        `<path d="M150 222C${150 + width} ${222 - length * 0.4} ${150 + width * 0.6} ${222 - length * 0.9} 150 ${222 - length}C${150 - width * 0.6} ${222 - length * 0.9} ${150 - width} ${222 - length * 0.4} 150 222Z" fill="${fill}"/>` +
        `<circle cx="150" cy="${222 - length + 4}" r="3" fill="${p.second}" opacity="0.75"/>` +
        `</g>`
    }
  }
  ring(7, 84, 24, shade(p.main, 0.12), 0)
  ring(6, 64, 20, p.main, 0)
  ring(4, 44, 16, tint(p.main, 0.25), 0)
  return (
    shadow(150, 318, 66) +
    rosette +
    `<path d="M104 236H196L186 306Q184 314 176 314H124Q116 314 114 306Z" fill="${terracotta}"/>` +
    `<rect x="96" y="222" width="108" height="22" rx="4" fill="${shade(terracotta, 0.12)}"/>` +
    `<path d="M118 262Q120 290 126 302" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.2" fill="none"/>`
  )
}

export function puzzle(p: Palette): string {
  const piece = (x: number, y: number, angle: number, fill: string): string =>
    `<g transform="translate(${x} ${y}) rotate(${angle} 30 30)">` +
    `<path d="${PUZZLE_PIECE}" transform="translate(3 4)" fill="${shade(fill, 0.35)}" opacity="0.35"/>` +
    `<path d="${PUZZLE_PIECE}" fill="${fill}"/></g>`
  return (
    shadow(150, 316, 104) +
    piece(64, 226, 0, p.main) +
    piece(126, 226, 0, p.second) +
    piece(188, 234, 8, p.accent) +
    piece(94, 164, -4, tint(p.main, 0.4)) +
    piece(160, 118, 24, '#2a9d8f')
  )
}
