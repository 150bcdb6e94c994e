import { shade, tint, type Palette } from './colour.js'
import { circlePath, roundedRectPath, shadow } from './shapes.js'

// Home and kitchen drawings, each in the 300 x 400 box with its feet near y 320.

const COFFEE = '#6b4226'
const STEEL = '#c3c9cf'
const GLASS = '#dcecef'
const WOOD = '#c68b59'

function steam(x: number, top: number): string {
  return `<path d="M${x} ${top + 40}Q${x - 10} ${top + 28} ${x} ${top + 18}Q${x + 10} ${top + 8} ${x} ${top - 4}" stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none" opacity="0.8"/>`
}

export function mug(p: Palette): string {
  const dark = shade(p.main, 0.2)
  return (
    shadow(146, 304, 76) +
    `<path d="M200 186Q248 184 248 226Q248 268 200 266V250Q230 250 230 226Q230 202 200 202Z" fill="${dark}"/>` +
    `<path d="M86 166H206V282Q206 302 186 302H106Q86 302 86 282Z" fill="${p.main}"/>` +
    `<path d="M86 252H206V282Q206 302 186 302H106Q86 302 86 282Z" fill="${p.second}"/>` +
    `<path d="M86 252Q116 262 146 252Q176 242 206 252V262Q176 252 146 262Q116 272 86 262Z" fill="${shade(p.second, 0.12)}"/>` +
    `<ellipse cx="146" cy="166" rx="60" ry="12" fill="${dark}"/>` +
    `<ellipse cx="146" cy="167" rx="53" ry="8.5" fill="${COFFEE}"/>` +
    `<rect x="98" y="182" width="10" height="60" rx="5" fill="#fff" opacity="0.22"/>` +
    steam(124, 104) +
    steam(150, 92) +
    steam(176, 104)
  )
}

export function frenchPress(p: Palette): string {
  const frame = p.main
  return (
    shadow(150, 312, 74) +
    `<path d="M196 168Q238 168 238 206V262Q238 294 198 294V278Q222 278 222 262V206Q222 184 196 184Z" fill="${frame}"/>` +
    `<rect x="106" y="150" width="90" height="150" fill="${GLASS}"/>` +
    `<rect x="106" y="206" width="90" height="94" fill="${COFFEE}"/>` +
    `<rect x="106" y="200" width="90" height="8" fill="#c79a6b"/>` +
    `<rect x="104" y="188" width="94" height="5" rx="2" fill="${STEEL}"/>` +
    `<rect x="147" y="84" width="8" height="106" fill="${STEEL}"/>` +
    `<rect x="116" y="158" width="8" height="132" rx="4" fill="#fff" opacity="0.45"/>` +
    `<path d="M100 146H202V156H100Z M100 296H202V306H100Z M100 146H108V306H100Z M194 146H202V306H194Z" fill="${frame}"/>` +
    `<path d="M98 148Q150 116 204 148Z" fill="${shade(frame, 0.15)}"/>` +
    `<path d="M98 148L86 140 100 136Z" fill="${shade(frame, 0.15)}"/>` +
    `<circle cx="151" cy="82" r="11" fill="${p.second}"/>` +
    `<path d="M112 306H190L186 316H116Z" fill="${shade(frame, 0.25)}"/>`
  )
}

export function pan(_p: Palette): string {
  const iron = '#34343a'
  return (
    shadow(140, 312, 104) +
    `<path d="M212 204 272 150Q282 142 290 150Q296 160 288 168L230 222Z" fill="${iron}"/>` +
    `<circle cx="281" cy="157" r="4.5" fill="${tint(iron, 0.5)}"/>` +
    `<ellipse cx="138" cy="244" rx="100" ry="70" fill="${iron}"/>` +
    `<ellipse cx="138" cy="238" rx="86" ry="58" fill="#44444c"/>` +
    `<path d="M70 214Q96 190 136 186" stroke="#6d6d78" stroke-width="5" stroke-linecap="round" fill="none"/>` +
    `<path d="M102 236Q96 206 128 204Q150 188 172 208Q198 214 188 240Q184 266 152 264Q112 276 102 236Z" fill="#fbf7ee"/>` +
    `<circle cx="146" cy="233" r="17" fill="#f4b400"/>` +
    `<circle cx="140" cy="227" r="5" fill="#ffe08a"/>` +
    `<path d="M46 240Q38 236 40 246" stroke="${iron}" stroke-width="8" stroke-linecap="round" fill="none"/>`
  )
}

export function knife(p: Palette): string {
  const handle = shade(WOOD, 0.35)
  return (
    shadow(150, 300, 96) +
    `<g transform="rotate(-38 150 210)">` +
    `<path d="M122 190H272Q266 214 240 224L122 228Z" fill="#dfe3e7"/>` +
    `<path d="M122 216 246 216Q258 214 262 208Q256 222 240 224L122 228Z" fill="#b7bec5"/>` +
    `<path d="M122 192H268" stroke="#fff" stroke-width="2" opacity="0.8"/>` +
    `<rect x="110" y="186" width="14" height="44" rx="3" fill="#9aa3ab"/>` +
    `<rect x="28" y="193" width="86" height="30" rx="13" fill="${handle}"/>` +
    `<circle cx="48" cy="208" r="4" fill="${STEEL}"/><circle cx="72" cy="208" r="4" fill="${STEEL}"/><circle cx="96" cy="208" r="4" fill="${STEEL}"/>` +
    `</g>` +
    `<circle cx="224" cy="296" r="24" fill="${p.accent}"/>` +
    `<circle cx="224" cy="296" r="19" fill="${tint(p.accent, 0.55)}"/>` +
    [0, 60, 120]
      .map(
        (angle) =>
          `<path d="M206 296H242" stroke="${p.accent}" stroke-width="2" transform="rotate(${angle} 224 296)"/>`,
      )
      .join('')
  )
}

export function cuttingBoard(p: Palette): string {
  const edge = shade(WOOD, 0.25)
  const board = roundedRectPath(86, 124, 128, 190, 24) + roundedRectPath(126, 92, 48, 50, 16)
  const hole = circlePath(150, 110, 9)
  const grain = [150, 184, 222, 262]
    .map(
      (y) =>
        `<path d="M100 ${y}Q130 ${y - 10} 150 ${y}Q176 ${y + 10} 200 ${y - 2}" stroke="${shade(WOOD, 0.15)}" stroke-width="2.5" fill="none"/>`,
    )
    .join('')
  const tomato = (x: number, y: number): string =>
    `<circle cx="${x}" cy="${y}" r="15" fill="${p.second}"/><circle cx="${x - 5}" cy="${y - 5}" r="4" fill="#fff" opacity="0.45"/>` +
    `<path d="M${x - 7} ${y - 13}L${x} ${y - 9} ${x + 7} ${y - 13} ${x + 3} ${y - 17}Z" fill="#4f8a4b"/>`
  return (
    shadow(156, 322, 78) +
    // The hanging hole shows whatever is behind the board, so it is cut out with a mask.
    `<mask id="board-hole"><rect width="300" height="400" fill="#fff"/><path d="${hole}" fill="#000"/></mask>` +
    `<g mask="url(#board-hole)">` +
    `<path d="${board}" transform="translate(8 8)" fill="${edge}"/>` +
    `<path d="${board}" fill="${WOOD}"/>` +
    grain +
    `</g>` +
    tomato(206, 300) +
    tomato(230, 310)
  )
}

export function kettle(p: Palette): string {
  const dark = shade(p.main, 0.2)
  return (
    shadow(150, 304, 92) +
    `<path d="M104 196Q150 96 196 196" stroke="${p.ink}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M204 238 252 196 262 204 224 258Z" fill="${p.main}"/>` +
    `<path d="M84 290Q70 204 150 180Q230 204 216 290Z" fill="${p.main}"/>` +
    `<path d="M100 236Q150 224 200 236" stroke="${p.second}" stroke-width="10" fill="none"/>` +
    `<rect x="78" y="284" width="144" height="14" rx="7" fill="${dark}"/>` +
    `<ellipse cx="150" cy="182" rx="36" ry="9" fill="${dark}"/>` +
    `<circle cx="150" cy="170" r="10" fill="${p.ink}"/>` +
    `<path d="M108 214Q104 250 110 276" stroke="#fff" stroke-width="7" stroke-linecap="round" fill="none" opacity="0.3"/>`
  )
}

export function teaTowel(p: Palette): string {
  const cloth = '#f4efe6'
  let fringe = ''
  for (let x = 98; x <= 202; x += 8)
    fringe += `<path d="M${x} 302V312" stroke="${shade(cloth, 0.18)}" stroke-width="2.5"/>`
  return (
    shadow(150, 322, 64) +
    `<rect x="56" y="98" width="188" height="9" rx="4.5" fill="${STEEL}"/>` +
    `<circle cx="60" cy="102" r="8" fill="${shade(STEEL, 0.2)}"/><circle cx="240" cy="102" r="8" fill="${shade(STEEL, 0.2)}"/>` +
    `<path d="M96 104H204L206 302H94Z" fill="${cloth}"/>` +
    `<path d="M96 104H204V132H96Z" fill="${shade(cloth, 0.08)}"/>` +
    `<path d="M108 132h7v170h-7Z M121 132h3v170h-3Z M185 132h7v170h-7Z M176 132h3v170h-3Z" fill="${p.main}"/>` +
    `<path d="M94 250H206V262H94Z" fill="${p.second}"/>` +
    fringe
  )
}

export function carafe(p: Palette): string {
  const body = 'M128 110H172V148Q228 188 222 262Q218 306 150 308Q82 306 78 262Q72 188 128 148Z'
  return (
    shadow(160, 316, 92) +
    `<clipPath id="carafe"><path d="${body}"/></clipPath>` +
    `<path d="${body}" fill="${GLASS}" stroke="#b7d8de" stroke-width="3"/>` +
    `<rect x="70" y="206" width="160" height="110" fill="#9fd3de" clip-path="url(#carafe)" opacity="0.85"/>` +
    `<circle cx="136" cy="246" r="15" fill="#f7d25c" stroke="#fbe9a4" stroke-width="4"/>` +
    `<rect x="124" y="102" width="52" height="12" rx="5" fill="#cde6ea"/>` +
    `<path d="M98 214Q92 250 104 282" stroke="#fff" stroke-width="6" stroke-linecap="round" fill="none" opacity="0.6"/>` +
    `<path d="M204 250H246L242 310Q240 316 234 316H216Q210 316 208 310Z" fill="${GLASS}" stroke="#b7d8de" stroke-width="3"/>` +
    `<path d="M206 278H244L242 310Q240 316 234 316H216Q210 316 208 310Z" fill="#9fd3de" opacity="0.85"/>` +
    `<path d="M214 240 236 214" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>`
  )
}

export function lamp(p: Palette): string {
  const brass = '#d4a24c'
  return (
    shadow(150, 306, 60) +
    `<ellipse cx="150" cy="212" rx="90" ry="14" fill="#fbe7a1" opacity="0.7"/>` +
    `<rect x="146" y="196" width="8" height="90" fill="${brass}"/>` +
    `<path d="M108 300Q108 278 150 278Q192 278 192 300Z" fill="${brass}"/>` +
    `<rect x="102" y="294" width="96" height="12" rx="6" fill="${shade(brass, 0.2)}"/>` +
    `<path d="M98 104H202L230 200H70Z" fill="${p.main}"/>` +
    `<path d="M98 104H202L204 112H96Z M70 192H230L230 202H70Z" fill="${shade(p.main, 0.2)}"/>` +
    `<path d="M122 112 106 192 M150 112V192 M178 112 194 192" stroke="${tint(p.main, 0.15)}" stroke-width="3"/>` +
    `<path d="M186 224V252" stroke="${p.ink}" stroke-width="2"/><circle cx="186" cy="256" r="4" fill="${p.ink}"/>`
  )
}

export function cushion(p: Palette): string {
  const body = 'M78 118Q150 134 222 118Q210 214 222 310Q150 294 78 310Q90 214 78 118Z'
  return (
    shadow(150, 322, 84) +
    `<path d="${body}" fill="${p.main}"/>` +
    `<path d="M92 134Q150 146 208 134Q198 214 208 294Q150 282 92 294Q102 214 92 134Z" fill="none" stroke="${shade(p.main, 0.2)}" stroke-width="2.5" stroke-dasharray="6 5"/>` +
    `<circle cx="150" cy="214" r="42" fill="none" stroke="${p.second}" stroke-width="12"/>` +
    `<circle cx="150" cy="214" r="14" fill="${p.second}"/>` +
    `<path d="M106 160Q130 150 150 152" stroke="#fff" stroke-width="6" stroke-linecap="round" fill="none" opacity="0.25"/>`
  )
}
