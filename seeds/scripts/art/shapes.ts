// Small SVG building blocks shared by the drawings. Every drawing works in a 300 x 400 box.

/** A soft shadow on the ground under a product. */
export function shadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="#000" opacity="0.09"/>`
}

/** The path of a rounded rectangle, to combine with others (a hole cut out with evenodd). */
export function roundedRectPath(x: number, y: number, w: number, h: number, r: number): string {
  return (
    `M${x + r} ${y}H${x + w - r}A${r} ${r} 0 0 1 ${x + w} ${y + r}V${y + h - r}` +
    `A${r} ${r} 0 0 1 ${x + w - r} ${y + h}H${x + r}A${r} ${r} 0 0 1 ${x} ${y + h - r}` +
    `V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`
  )
}

/** The path of a circle, to combine with others. */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`
}

/** A flame: a teardrop with a lighter heart. */
export function flame(cx: number, base: number, height: number): string {
  const w = height * 0.36
  const outer = `M${cx} ${base - height}C${cx + w} ${base - height * 0.5} ${cx + w * 1.1} ${base} ${cx} ${base}C${cx - w * 1.1} ${base} ${cx - w} ${base - height * 0.5} ${cx} ${base - height}Z`
  const h = height * 0.55
  const iw = w * 0.55
  const inner = `M${cx} ${base - h}C${cx + iw} ${base - h * 0.45} ${cx + iw} ${base} ${cx} ${base}C${cx - iw} ${base} ${cx - iw} ${base - h * 0.45} ${cx} ${base - h}Z`
  return `<path d="${outer}" fill="#f4a259"/><path d="${inner}" fill="#fce6a4"/>`
}

/** A leaf pointing up from (x, y), turned by `angle` degrees, with its vein. */
export function leaf(
  x: number,
  y: number,
  length: number,
  angle: number,
  fill: string,
  vein: string,
): string {
  const w = length * 0.36
  return (
    `<g transform="rotate(${angle} ${x} ${y})">` +
    `<path d="M${x} ${y}C${x + w} ${y - length * 0.3} ${x + w * 0.8} ${y - length * 0.8} ${x} ${y - length}C${x - w * 0.8} ${y - length * 0.8} ${x - w} ${y - length * 0.3} ${x} ${y}Z" fill="${fill}"/>` +
    `<path d="M${x} ${y - length * 0.08}V${y - length * 0.86}" stroke="${vein}" stroke-width="2" stroke-linecap="round"/>` +
    `</g>`
  )
}

/** Evenly placed small dots inside a box: a dot grid, a texture. */
export function dotGrid(
  x: number,
  y: number,
  columns: number,
  rows: number,
  gap: number,
  r: number,
  fill: string,
): string {
  let dots = ''
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      dots += `<circle cx="${x + column * gap}" cy="${y + row * gap}" r="${r}" fill="${fill}"/>`
  return dots
}

/** A jigsaw piece 60 units square with its top-left at (0, 0): tabs out on two sides, in on two. */
export const PUZZLE_PIECE =
  'M0 0H22A9 9 0 1 1 38 0H60V22A9 9 0 1 1 60 38V60H38A9 9 0 1 0 22 60H0V38A9 9 0 1 0 0 22Z'
