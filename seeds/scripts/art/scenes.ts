import { mix, seededRandom, shade, tint, type Palette } from './colour.js'

/** A drawing of one product in the 300 x 400 box, standing near y 320. */
export type Drawing = (palette: Palette) => string

/** The pictures' size in pixels: 3:4 portrait, the sample configuration's item image ratio 1.33. */
export const WIDTH = 900
export const HEIGHT = 1200

function svg(body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 300 400">` +
    `${body}</svg>`
  )
}

/** A few small shapes scattered near the edges, placed by the picture's own seed. */
function confetti(name: string, colours: readonly string[], count: number): string {
  const random = seededRandom(name)
  let shapes = ''
  for (let at = 0; at < count; at++) {
    // Alternate sides and keep clear of the product in the middle.
    const left = at % 2 === 0
    const x = left ? 14 + random() * 44 : 242 + random() * 44
    const y = 24 + random() * 352
    const size = 3 + random() * 5
    const fill = colours[at % colours.length]!
    const kind = Math.floor(random() * 3)
    if (kind === 0)
      shapes += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="${fill}"/>`
    else if (kind === 1)
      shapes += `<rect x="${(x - size).toFixed(1)}" y="${(y - size).toFixed(1)}" width="${(size * 2).toFixed(1)}" height="${(size * 2).toFixed(1)}" rx="${(size / 2).toFixed(1)}" transform="rotate(${Math.round(random() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${fill}"/>`
    else
      shapes += `<path d="M${(x - size).toFixed(1)} ${(y + size).toFixed(1)}Q${x.toFixed(1)} ${(y - size * 1.6).toFixed(1)} ${(x + size).toFixed(1)} ${(y + size).toFixed(1)}" stroke="${fill}" stroke-width="2.5" stroke-linecap="round" fill="none"/>`
  }
  return shapes
}

/** The display image: the product on a disc, with a little confetti. */
export function mainView(name: string, draw: Drawing, palette: Palette): string {
  return svg(
    `<rect width="300" height="400" fill="${palette.bg}"/>` +
      `<circle cx="150" cy="206" r="122" fill="${palette.stage}"/>` +
      confetti(name, [palette.second, palette.accent, tint(palette.main, 0.3)], 6) +
      draw(palette),
  )
}

/** The first gallery image: a close-up, the product enlarged around `focus`. */
export function detailView(draw: Drawing, palette: Palette, focus: [number, number]): string {
  const [x, y] = focus
  const background = mix(palette.stage, palette.second, 0.25)
  return svg(
    `<rect width="300" height="400" fill="${background}"/>` +
      `<circle cx="250" cy="60" r="120" fill="${tint(background, 0.18)}"/>` +
      `<g transform="translate(150 200) scale(1.9) translate(${-x} ${-y})">${draw(palette)}</g>`,
  )
}

/** The second gallery image: the product in a room, on a floor in front of a wall with a picture. */
export function sceneView(name: string, draw: Drawing, palette: Palette): string {
  const wall = tint(palette.stage, 0.25)
  const floor = mix(palette.bg, '#b98a5e', 0.55)
  const random = seededRandom(`${name}/scene`)
  const frameX = 30 + Math.round(random() * 30)
  return svg(
    `<rect width="300" height="400" fill="${wall}"/>` +
      `<rect x="${frameX}" y="44" width="92" height="70" rx="3" fill="${tint(palette.ink, 0.85)}" stroke="${shade(floor, 0.2)}" stroke-width="5"/>` +
      `<circle cx="${frameX + 62}" cy="70" r="12" fill="${palette.accent}"/>` +
      `<path d="M${frameX + 4} 110L${frameX + 36} 76 ${frameX + 58} 98 ${frameX + 72} 86 ${frameX + 88} 110Z" fill="${palette.main}"/>` +
      `<rect y="300" width="300" height="100" fill="${floor}"/>` +
      `<rect y="296" width="300" height="6" fill="${shade(floor, 0.12)}"/>` +
      `<path d="M0 340H300 M0 376H300" stroke="${shade(floor, 0.08)}" stroke-width="2"/>` +
      `<g transform="translate(150 338) scale(0.78) translate(-150 -322)">${draw(palette)}</g>`,
  )
}

/** A product drawn in its own colours. */
export interface Subject {
  draw: Drawing
  palette: Palette
}

/** A category's picture: three of its products on two shelves. */
export function shelfView(
  subjects: readonly [Subject, Subject, Subject],
  palette: Palette,
): string {
  const shelf = shade(palette.stage, 0.12)
  const place = (
    { draw, palette: own }: Subject,
    cx: number,
    bottom: number,
    scale: number,
  ): string =>
    `<g transform="translate(${cx} ${bottom}) scale(${scale}) translate(-150 -322)">${draw(own)}</g>`
  return svg(
    `<rect width="300" height="400" fill="${palette.bg}"/>` +
      `<rect x="0" y="0" width="300" height="212" fill="${palette.stage}"/>` +
      `<rect x="0" y="200" width="300" height="12" fill="${shelf}"/>` +
      `<rect x="0" y="384" width="300" height="16" fill="${shelf}"/>` +
      place(subjects[0], 80, 204, 0.6) +
      place(subjects[1], 220, 204, 0.6) +
      place(subjects[2], 150, 388, 0.7),
  )
}
