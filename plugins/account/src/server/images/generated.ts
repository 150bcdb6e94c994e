import { randomBytes } from 'node:crypto'
import { createAvatar } from '@dicebear/core'
import * as thumbs from '@dicebear/thumbs'

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
export function generatedIcon(seed: string): string {
  return createAvatar(thumbs, { seed, size: 128 }).toString()
}

/** The icon an account shows before it picks or uploads one: drawn from its type and id. */
export function defaultIcon(type: string, id: string): string {
  return generatedIcon(`${type}/${id}`)
}

/** `count` fresh random seeds (72 bits each, so two are never the same in practice). */
export function randomSeeds(count: number): string[] {
  return Array.from({ length: count }, () => randomBytes(9).toString('base64url'))
}
