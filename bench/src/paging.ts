/**
 * The paging figure of the list scenarios that page (drive-list, log-list): walk a list page by
 * page with `nextpage` a few times, take each page position's median over the walks, and hold the
 * median of the pages at the far end against the median of the first ones.
 *
 * Why it has one home: both scenarios report it with the same plan, bound, table row and target
 * line, so their paging figures in docs/benchmarks.md compare. What stays in each scenario is how
 * it walks its list and which pages count as the far end.
 */
import type { ResultRow, TargetCheck } from './scenario.js'
import { median } from './stats.js'
import { formatMeasure, formatRatio } from './format.js'
import { pageRoundPlans, type PageRoundPlans } from './page-baseline.js'

/**
 * "Paging stays flat": the bench's own bound (the issue gives no number) on the median of the
 * EDGE_PAGES pages at the far end of a list over its first EDGE_PAGES', the same for every list
 * scenario that pages (drive-list, log-list) so their paging figures compare.
 */
export const PAGING_FLAT_TARGET = 1.5
/** How many pages at each end of a list the paging figure takes. */
export const EDGE_PAGES = 10

/** The first page's load plans, and how many walks through the pages follow them. */
export interface PagingPlans extends PageRoundPlans {
  /** Walks through the pages: the per-page medians are taken over them. */
  passes: number
}

/** The list scenarios' plans with their walks; `--quick` walks once. */
export function pagingPlans(quick: boolean): PagingPlans {
  return { ...pageRoundPlans(quick), passes: quick ? 1 : 3 }
}

/** The median page time at each end of a list, in ms, and far end / first. */
export interface PagingEdges {
  first: number
  last: number
  ratio: number
}

/** The medians of the first pages' times and of the far pages' times, and far / first. */
export function pagingEdges(
  firstPages: readonly number[],
  lastPages: readonly number[],
): PagingEdges {
  const first = median(firstPages)
  const last = median(lastPages)
  return { first, last, ratio: last / first }
}

/** The medians of the first and the last `n` values, and last / first. */
export function edgeMedians(values: readonly number[], n: number): PagingEdges {
  if (values.length < 2 * n)
    throw new Error(`edgeMedians: ${values.length} values, fewer than 2 x ${n}`)
  return pagingEdges(values.slice(0, n), values.slice(-n))
}

/** Per-position medians over several passes of the same sequence (each pass the same length). */
export function positionMedians(passes: readonly (readonly number[])[]): number[] {
  const length = passes[0]?.length ?? 0
  if (passes.some((pass) => pass.length !== length))
    throw new Error('positionMedians: passes of different lengths')
  return Array.from({ length }, (_, at) => median(passes.map((pass) => pass[at]!)))
}

/** How a scenario words its paging figure. */
export interface PagingWords {
  /** The far pages, as in `p50 of ${far}`: `the last 10 pages`. */
  far: string
  /** The target line's subject: `Paging stays flat`. */
  subject: string
  /** How many pages a walk had, when the target line should say it. */
  pages?: number
}

/** The paging figure's table row and its target line, held to PAGING_FLAT_TARGET. */
export function pagingFigures(
  edges: PagingEdges,
  words: PagingWords,
): { row: ResultRow; target: TargetCheck } {
  const ms = (value: number) => ({ value, unit: 'ms' as const })
  const pages = words.pages === undefined ? '' : `, ${words.pages} pages`
  return {
    row: {
      metric: `paging, p50 of ${words.far} vs the first ${EDGE_PAGES}`,
      shopwright: ms(edges.last),
      baseline: ms(edges.first),
      ratio: edges.ratio,
    },
    target: {
      goal: `${words.subject}: p50 of ${words.far} within ${PAGING_FLAT_TARGET}x of the first ${EDGE_PAGES} (the bench's bound)`,
      measured: `${formatRatio(edges.ratio)} (${formatMeasure(ms(edges.last))} vs ${formatMeasure(ms(edges.first))}${pages})`,
      pass: edges.ratio <= PAGING_FLAT_TARGET,
    },
  }
}
