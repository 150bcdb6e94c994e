import type { BenchContext, ScenarioResult } from './scenario.js'
import { formatMeasure } from './format.js'
import type { ChunkPlan, Manifest } from './admin-manifest.js'
import {
  bundleRows,
  describeComposition,
  describeInitial,
  describeLazy,
  kb,
  type BundleSizes,
} from './bundle.js'

/** A measured browser build and the ceiling it is held against. */
export interface BundleReport {
  /** The scenario's name, for the progress line. */
  label: string
  manifest: Manifest
  /** The manifest's path as the JSON file names it. */
  manifestPath: string
  plan: ChunkPlan
  sizes: BundleSizes
  /** The target as the issue words it. */
  goal: string
  /** The ceiling for the initial JavaScript, gzip, in KB. */
  targetKb: number
  /** Notes after the initial chunks and the lazy ones. */
  notes?: string[]
  /** The scenario's own figures for the JSON file, before `targetKb`. */
  raw?: Record<string, unknown>
}

/**
 * The result of a bundle scenario (admin-bundle, storefront-bundle): the size rows, the initial
 * JavaScript against the ceiling with its share of it, the chunks in the notes, and the sizes for
 * the JSON file. One copy, so the two bundles are reported alike.
 */
export function bundleResult(context: BenchContext, report: BundleReport): ScenarioResult {
  const { sizes, plan, targetKb } = report
  const { initial, initialCss, lazy } = sizes
  context.log(
    `${report.label}: initial JS ${formatMeasure(kb(initial.gzipBytes))} gzip in ${initial.files.length} chunk(s), ${lazy.length} lazy chunk(s)`,
  )
  const share = Math.round((initial.gzipBytes / 1024 / targetKb) * 100)
  return {
    rows: bundleRows(sizes),
    targets: [
      {
        goal: report.goal,
        measured: `${formatMeasure(kb(initial.gzipBytes))} gzip, ${share}% of ${targetKb} KB (raw ${formatMeasure(kb(initial.bytes))}; ${describeComposition(sizes)}; ${lazy.length} lazy chunk${lazy.length === 1 ? '' : 's'})`,
        pass: initial.gzipBytes / 1024 < targetKb,
      },
    ],
    notes: [
      `Initial chunks: ${describeInitial(report.manifest, plan, sizes)}; the CSS they load: ${initialCss.files.length} file(s), ${formatMeasure(kb(initialCss.gzipBytes))} gzip (${formatMeasure(kb(initialCss.bytes))} raw). The hashed file names are in the JSON file.`,
      lazy.length
        ? `What opening each lazy chunk fetches beyond the initial JavaScript, gzip: ${describeLazy(sizes)}.`
        : 'No lazy chunks: everything the build has loads with the entry.',
      ...(report.notes ?? []),
    ],
    raw: {
      manifest: report.manifestPath,
      gzipLevel: 9,
      entry: plan.entry,
      initial,
      initialChunks: plan.initial,
      initialCss,
      lazy,
      ...report.raw,
      targetKb,
    },
  }
}
