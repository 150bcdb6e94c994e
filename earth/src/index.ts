// @shopwright/earth: the globe's map layer files (data/earth_{layer}.json), their layer list, the
// encoder and the decoder. The drive's seeds copy EARTH_LAYERS_DIR into public/earth.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { layerFileName } from './layers.js'

export * from './decode.js'
export * from './encode.js'

/** The folder holding the committed layer files (both src/ and dist/ sit one level below it). */
export const EARTH_LAYERS_DIR = fileURLToPath(new URL('../data/', import.meta.url))

/** The absolute path of a layer's data file. */
export function layerFilePath(id: string): string {
  return path.join(EARTH_LAYERS_DIR, layerFileName(id))
}
