import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RecordData } from '@shopwright/core/shared'
import item from '../data/item.json' with { type: 'json' }
import webcategory from '../data/webcategory.json' with { type: 'json' }

/** The drive folder the catalogue's pictures are copied to: under `public`, which everyone may view. */
export const CATALOGUE_FOLDER = 'public/catalogue'

/** How the records address a picture of CATALOGUE_FOLDER: the drive's `load` call. */
export const CATALOGUE_URL_PREFIX = `/query/drive/load/${CATALOGUE_FOLDER}/`

/** The folder holding the committed pictures (both src/ and dist/ sit one level below it). */
export const CATALOGUE_IMAGES_DIR = fileURLToPath(new URL('../data/catalogue/', import.meta.url))

/**
 * The sample shop's catalogue: the web categories, then the items, each parent followed by its
 * children. The record types, tax codes and ship methods belong to the commerce plugin, which seeds
 * them. A fresh deep copy on every call.
 */
export function sampleCatalogue(): RecordData[] {
  return structuredClone([...webcategory, ...item] as RecordData[])
}

/** Every `url` inside a record (display image, thumbnail, gallery), in the order they appear. */
export function imageUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(imageUrls)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'url' && typeof inner === 'string' ? [inner] : imageUrls(inner),
  )
}

/**
 * The pictures the sample catalogue names, as drive path (`public/catalogue/classic-tee-1.webp`)
 * to the absolute path of the committed file, each once, in the order the records name them. The
 * command line copies them into the drive when it seeds a site.
 */
export function sampleFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const url of imageUrls(sampleCatalogue())) {
    if (!url.startsWith(CATALOGUE_URL_PREFIX)) continue
    const name = url.slice(CATALOGUE_URL_PREFIX.length)
    files.set(`${CATALOGUE_FOLDER}/${name}`, path.join(CATALOGUE_IMAGES_DIR, name))
  }
  return files
}
