import { randomBytes } from 'node:crypto'

interface Dicebear {
  createAvatar: typeof import('@dicebear/core').createAvatar
  thumbs: typeof import('@dicebear/thumbs')
}
let dicebearLoading: Promise<Dicebear> | undefined

/** DiceBear comes in with the first icon drawn, not at start. */
function dicebear(): Promise<Dicebear> {
  dicebearLoading ??= Promise.all([import('@dicebear/core'), import('@dicebear/thumbs')]).then(
    ([core, thumbs]) => ({ createAvatar: core.createAvatar, thumbs }),
  )
  return dicebearLoading
}

/** How many icons one `image/generate` call may ask for; the icon picker shows 32. */
export const GENERATE_MAX = 64
export const GENERATE_DEFAULT = 32

/** A seed names one generated icon: the picker sends it back, and the server draws it again. */
export const SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The generated icon of a seed, as SVG text (DiceBear's "thumbs" style, MIT). The same seed always
 * draws the same icon, so a client can only ever choose an icon the server draws itself, never
 * send SVG of its own through this path.
 */
export async function generatedIcon(seed: string): Promise<string> {
  const { createAvatar, thumbs } = await dicebear()
  return createAvatar(thumbs, { seed, size: 128 }).toString()
}

/** The icon an account shows before it picks or uploads one: drawn from its type and id. */
export function defaultIcon(type: string, id: string): Promise<string> {
  return generatedIcon(`${type}/${id}`)
}

/** `count` fresh random seeds (72 bits each, so two are never the same in practice). */
export function randomSeeds(count: number): string[] {
  return Array.from({ length: count }, () => randomBytes(9).toString('base64url'))
}
