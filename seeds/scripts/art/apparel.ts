import { shade, tint, type Palette } from './colour.js'
import { circlePath, shadow } from './shapes.js'

// Apparel drawings, each in the 300 x 400 box with its feet near y 320.

export function tee(p: Palette): string {
  const body = shade(p.main, 0.18)
  return (
    shadow(150, 322, 70) +
    `<path d="M118 96L94 104 56 134 76 176 100 165V318H200V165L224 176 244 134 206 104 182 96Q150 126 118 96Z" fill="${p.main}"/>` +
    `<path d="M56 134 76 176 86 171.5 66 129.5Z M244 134 224 176 214 171.5 234 129.5Z" fill="${body}"/>` +
    `<path d="M118 96Q150 126 182 96L173 93Q150 114 127 93Z" fill="${body}"/>` +
    `<path d="M100 300H200V318H100Z" fill="${body}" opacity="0.55"/>` +
    `<rect x="162" y="150" width="24" height="26" rx="3" fill="none" stroke="${body}" stroke-width="3"/>`
  )
}

export function hoodie(p: Palette): string {
  const dark = shade(p.main, 0.2)
  return (
    shadow(150, 322, 80) +
    `<path d="M112 100L86 108Q62 118 58 152L44 288 72 294 92 182 96 318H204L208 182 228 294 256 288 242 152Q238 118 214 108L188 100Z" fill="${p.main}"/>` +
    `<path d="M112 102Q106 60 150 56Q194 60 188 102Q170 122 150 122Q130 122 112 102Z" fill="${dark}"/>` +
    `<ellipse cx="150" cy="98" rx="24" ry="15" fill="${shade(p.main, 0.45)}"/>` +
    `<path d="M44 288 72 294 70 308 42 302Z M256 288 228 294 230 308 258 302Z" fill="${dark}"/>` +
    `<path d="M96 300H204V318H96Z" fill="${dark}"/>` +
    `<path d="M112 236H188L200 290H100Z" fill="${dark}" opacity="0.6"/>` +
    `<path d="M140 118 137 168 M160 118 163 168" stroke="${tint(p.main, 0.75)}" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="137" cy="172" r="4.5" fill="${p.accent}"/><circle cx="163" cy="172" r="4.5" fill="${p.accent}"/>`
  )
}

export function beanie(p: Palette): string {
  const cuff = shade(p.main, 0.15)
  let ribs = ''
  for (let x = 84; x <= 216; x += 12)
    ribs += `<path d="M${x} 246V286" stroke="${shade(p.main, 0.3)}" stroke-width="3" stroke-linecap="round"/>`
  let knit = ''
  for (let x = 96; x <= 204; x += 18)
    knit += `<path d="M${x} 236Q${x + 2} 190 ${150 + (x - 150) * 0.45} 150" stroke="${shade(p.main, 0.12)}" stroke-width="3" fill="none"/>`
  return (
    shadow(150, 298, 84) +
    `<path d="M82 250Q80 138 150 134Q220 138 218 250Z" fill="${p.main}"/>` +
    knit +
    `<rect x="72" y="236" width="156" height="58" rx="12" fill="${cuff}"/>` +
    ribs +
    `<circle cx="150" cy="122" r="32" fill="${p.second}"/>` +
    `<circle cx="140" cy="112" r="8" fill="${tint(p.second, 0.3)}"/><circle cx="160" cy="128" r="6" fill="${shade(p.second, 0.12)}"/><circle cx="146" cy="136" r="5" fill="${shade(p.second, 0.12)}"/>`
  )
}

export function sneaker(p: Palette): string {
  const rubber = '#f6f1e7'
  const edge = shade(rubber, 0.12)
  return (
    shadow(150, 304, 106) +
    `<path d="M46 266H254Q258 290 238 298H64Q42 292 46 266Z" fill="${rubber}"/>` +
    `<path d="M46 266H254V276H46Z" fill="${p.second}"/>` +
    `<path d="M56 266Q48 224 78 212L118 194Q130 172 156 174L180 178Q198 212 238 232Q254 244 254 266Z" fill="${p.main}"/>` +
    `<path d="M204 224Q242 236 254 266H212Q212 244 204 224Z" fill="${rubber}"/>` +
    `<path d="M56 266Q50 234 64 220L82 212 80 266Z" fill="${shade(p.main, 0.2)}"/>` +
    `<path d="M126 190 146 206 M140 184 162 204 M156 182 176 204 M170 184 190 206" stroke="${rubber}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M64 286H236" stroke="${edge}" stroke-width="3" stroke-dasharray="6 5"/>` +
    `<circle cx="96" cy="240" r="9" fill="${p.accent}"/>`
  )
}

export function denimJacket(p: Palette): string {
  const dark = shade(p.main, 0.22)
  const thread = p.accent
  const button = '#c8893b'
  let buttons = ''
  for (const y of [176, 208, 240, 272])
    buttons += `<circle cx="156" cy="${y}" r="4.5" fill="${button}"/>`
  return (
    shadow(150, 318, 82) +
    `<path d="M108 100L80 110Q60 120 56 156L46 290 76 296 92 186 94 312H206L208 186 224 296 254 290 244 156Q240 120 220 110L192 100Z" fill="${p.main}"/>` +
    `<path d="M108 100 150 154 128 162 98 114Z M192 100 150 154 172 162 202 114Z" fill="${dark}"/>` +
    `<path d="M150 154V312" stroke="${dark}" stroke-width="3"/>` +
    `<path d="M108 176H140V206H108Z M160 176H192V206H160Z" fill="${dark}" opacity="0.55"/>` +
    `<path d="M106 172H142L138 186H110Z M158 172H194L190 186H162Z" fill="${dark}"/>` +
    `<path d="M94 292H206V312H94Z" fill="${dark}"/>` +
    `<path d="M100 286H200 M70 150 60 282 M230 150 240 282" stroke="${thread}" stroke-width="2" stroke-dasharray="5 4" fill="none"/>` +
    buttons
  )
}

export function socks(p: Palette): string {
  const sock = (id: string, dx: number, dy: number, base: string, stripe: string): string => {
    const path = `M110 96H168V226Q168 248 186 256L226 274Q254 290 242 312Q230 330 200 320L130 292Q106 282 108 252Z`
    let stripes = ''
    for (let y = 116; y < 230; y += 26)
      stripes += `<rect x="100" y="${y}" width="80" height="12" fill="${stripe}"/>`
    return (
      `<g transform="translate(${dx} ${dy})">` +
      `<clipPath id="${id}"><path d="${path}"/></clipPath>` +
      `<path d="${path}" fill="${base}"/>` +
      `<g clip-path="url(#${id})">${stripes}` +
      `<circle cx="232" cy="302" r="26" fill="${shade(base, 0.18)}"/>` +
      `<circle cx="132" cy="280" r="24" fill="${shade(base, 0.18)}"/></g>` +
      `<rect x="106" y="88" width="66" height="22" rx="5" fill="${shade(base, 0.15)}"/>` +
      `</g>`
    )
  }
  return (
    shadow(160, 326, 86) +
    sock('sock-back', -34, -8, shade(p.second, 0.05), tint(p.second, 0.55)) +
    sock('sock-front', 6, 4, p.main, p.second)
  )
}

export function shirt(p: Palette): string {
  const dark = shade(p.main, 0.16)
  let buttons = ''
  for (const y of [150, 182, 214, 246, 278])
    buttons += `<circle cx="150" cy="${y}" r="4" fill="#fbf8f2"/>`
  return (
    shadow(150, 320, 80) +
    `<path d="M112 98L84 108Q64 118 60 152L50 250 78 256 94 184 96 314H204L206 184 222 256 250 250 240 152Q236 118 216 108L188 98Z" fill="${p.main}"/>` +
    `<path d="M50 250 78 256 76 272 48 266Z M250 250 222 256 224 272 252 266Z" fill="${dark}"/>` +
    `<path d="M112 98 134 132 150 116 166 132 188 98 176 92 150 110 124 92Z" fill="${tint(p.main, 0.35)}"/>` +
    `<path d="M146 118V314" stroke="${dark}" stroke-width="2.5"/>` +
    `<path d="M164 160H190V184Q177 190 164 184Z" fill="none" stroke="${dark}" stroke-width="2.5"/>` +
    buttons
  )
}

export function cap(p: Palette): string {
  const dark = shade(p.main, 0.2)
  return (
    shadow(150, 290, 100) +
    `<path d="M66 246Q150 222 234 246L262 266Q150 304 38 266Z" fill="${dark}"/>` +
    `<path d="M72 248Q72 146 150 142Q228 146 228 248Q150 230 72 248Z" fill="${p.main}"/>` +
    `<path d="M150 144Q118 180 112 240 M150 144Q182 180 188 240" stroke="${dark}" stroke-width="3" fill="none"/>` +
    `<circle cx="150" cy="144" r="8" fill="${dark}"/>` +
    `<path d="${circlePath(150, 200, 22)}" fill="${p.second}"/>` +
    `<path d="M150 186 155 196 166 197 158 205 160 216 150 210 140 216 142 205 134 197 145 196Z" fill="${tint(p.second, 0.7)}"/>`
  )
}

export function rainJacket(p: Palette): string {
  const dark = shade(p.main, 0.18)
  return (
    shadow(150, 322, 82) +
    `<path d="M112 104L86 112Q62 122 58 156L44 290 72 296 92 186 96 318H204L208 186 228 296 256 290 242 156Q238 122 214 112L188 104Z" fill="${p.main}"/>` +
    `<path d="M110 108Q102 56 150 50Q198 56 190 108Q172 126 150 126Q128 126 110 108Z" fill="${dark}"/>` +
    `<path d="M118 98Q122 70 150 68Q178 70 182 98Q166 110 150 110Q134 110 118 98Z" fill="${shade(p.main, 0.42)}"/>` +
    `<path d="M108 70Q150 52 192 70L190 80Q150 64 110 80Z" fill="${p.main}"/>` +
    `<path d="M150 126V318" stroke="${p.ink}" stroke-width="4"/>` +
    `<rect x="145" y="150" width="10" height="16" rx="3" fill="${p.ink}"/>` +
    `<path d="M104 220H136L134 262H104Z M164 220H196V262H166Z" fill="${dark}" opacity="0.7"/>` +
    `<path d="M100 216H138L136 230H102Z M162 216H200L198 230H164Z" fill="${dark}"/>` +
    `<path d="M44 290 72 296 70 308 42 302Z M256 290 228 296 230 308 258 302Z" fill="${dark}"/>`
  )
}
