import path from 'node:path'
import type { Measure, ResultRow } from './scenario.js'
import { formatMeasure } from './format.js'
import {
  chunkName,
  measureFile,
  sumSizes,
  type ChunkPlan,
  type FileSize,
  type Manifest,
  type SizeSum,
} from './admin-manifest.js'

/**
 * The sizes of a Vite browser build as the admin-bundle and storefront-bundle scenarios report
 * them: the initial JavaScript (gzip -9 and raw), the CSS it loads, and each lazy chunk with what
 * opening it fetches. Reading the files is here; the walk is admin-manifest.ts's planChunks.
 */

/** A lazily loaded chunk, measured. */
export interface LazySizes {
  key: string
  /** Its source file from the monorepo root, or its built file (chunkName). */
  name: string
  own: FileSize
  /** It and the chunks it brings that the initial set does not hold. */
  loads: SizeSum
  /** The names of the chunks that come with it (`keys`, `ListToolbar`): hashes change every build. */
  withChunks: string[]
}

export interface BundleSizes {
  initial: SizeSum
  initialCss: SizeSum
  lazy: LazySizes[]
}

/** KB = 1,024 bytes. */
export function kb(bytes: number): Measure {
  return { value: bytes / 1024, unit: 'KB' }
}

/** Reads and gzips (level 9, each file on its own) every file of a chunk plan. */
export function measureBundle(
  clientDir: string,
  manifest: Manifest,
  plan: ChunkPlan,
  sourceRoot: string,
): BundleSizes {
  const fileOf = (key: string): string => manifest[key]!.file
  const initial = sumSizes(plan.initial.map((key) => measureFile(clientDir, fileOf(key))))
  const initialCss = sumSizes(plan.initialCss.map((file) => measureFile(clientDir, file)))
  const lazy = plan.lazy.map((chunk) => {
    const own = measureFile(clientDir, fileOf(chunk.key))
    const loads = sumSizes(chunk.loads.map((key) => measureFile(clientDir, fileOf(key))))
    const withChunks = chunk.loads
      .slice(1)
      .map((key) => manifest[key]!.name ?? path.basename(chunkName(manifest, key, sourceRoot)))
    return {
      key: chunk.key,
      name: chunkName(manifest, chunk.key, sourceRoot),
      own,
      loads,
      withChunks,
    }
  })
  return { initial, initialCss, lazy }
}

/** The table rows: initial JS gzip and raw, then each lazy chunk's own gzip size. */
export function bundleRows(sizes: BundleSizes): ResultRow[] {
  const { initial, lazy } = sizes
  return [
    {
      metric: `initial JS, gzip -9 (${initial.files.length} chunk${initial.files.length === 1 ? '' : 's'})`,
      shopwright: kb(initial.gzipBytes),
    },
    { metric: 'initial JS, raw', shopwright: kb(initial.bytes) },
    ...lazy.map((chunk) => ({
      metric: `lazy chunk, gzip -9: ${chunk.name}`,
      shopwright: kb(chunk.own.gzipBytes),
    })),
  ]
}

/**
 * `index 118.8 KB gzip (365.0 KB raw), vendor ...`: the initial chunks by name (the manifest's
 * `name`, else the file), in load order.
 */
export function describeInitial(manifest: Manifest, plan: ChunkPlan, sizes: BundleSizes): string {
  return plan.initial
    .map((key, n) => {
      const file = sizes.initial.files[n]!
      return `${manifest[key]!.name ?? file.file} ${formatMeasure(kb(file.gzipBytes))} gzip (${formatMeasure(kb(file.bytes))} raw)`
    })
    .join(', ')
}

/** `RecordScreen.tsx 10.0 KB (with ListToolbar); ...`: what opening each lazy chunk fetches. */
export function describeLazy(sizes: BundleSizes): string {
  return sizes.lazy
    .map((chunk) => {
      const extra = chunk.withChunks.length ? ` (with ${chunk.withChunks.join(', ')})` : ''
      return `${path.basename(chunk.name)} ${formatMeasure(kb(chunk.loads.gzipBytes))}${extra}`
    })
    .join('; ')
}

/** `the entry chunk and 2 static imports`, or `the entry chunk alone, no static imports`. */
export function describeComposition(sizes: BundleSizes): string {
  const imports = sizes.initial.files.length - 1
  return `the entry chunk${imports ? ` and ${imports} static import${imports === 1 ? '' : 's'}` : ' alone, no static imports'}`
}
