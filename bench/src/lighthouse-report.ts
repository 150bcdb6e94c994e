import { median } from './stats.js'

/**
 * What the lighthouse scenario keeps of a Lighthouse result (the LHR, Lighthouse's JSON): the four
 * category scores, the main metrics, and for each category the audits that cost it points, with
 * their titles, so a miss says what to fix. Pure: it reads the JSON only.
 */

/** The categories measured, in Lighthouse's order. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type CategoryId = (typeof CATEGORIES)[number]

/** Category titles as Lighthouse's report shows them. */
export const CATEGORY_TITLES: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
}

/** The parts of an LHR read here (Lighthouse 12). */
export interface LighthouseResult {
  lighthouseVersion?: string
  requestedUrl?: string
  finalDisplayedUrl?: string
  runWarnings?: string[]
  runtimeError?: { code: string; message: string }
  environment?: { benchmarkIndex?: number; hostUserAgent?: string }
  configSettings?: {
    formFactor?: string
    throttlingMethod?: string
    throttling?: Record<string, number>
  }
  categories: Record<
    string,
    {
      title?: string
      score: number | null
      auditRefs: Array<{ id: string; weight: number; group?: string }>
    }
  >
  audits: Record<string, LighthouseAudit>
}

export interface LighthouseAudit {
  id: string
  title: string
  score: number | null
  scoreDisplayMode: string
  displayValue?: string
  numericValue?: number
  errorMessage?: string
  /** What passing it would save, by metric (`FCP`, `LCP`, `TBT`...), as Lighthouse estimates it. */
  metricSavings?: Record<string, number>
  details?: { type?: string; items?: unknown[] }
}

/** An audit that cost a category points (or, weight 0, a performance opportunity not taken). */
export interface LostAudit {
  id: string
  title: string
  /** 0-1, null for an audit that errored. */
  score: number | null
  weight: number
  /** Points of the 0-100 category score it cost: weight × (1 − score) over the weights that count. */
  lostPoints: number
  displayValue?: string
  /** Lighthouse's estimate of what passing it would save, by metric; only the non-zero ones. */
  savings?: Record<string, number>
  /** What it found, a few items (element, URL, console message), each shortened. */
  items: string[]
}

/** One Lighthouse run of one page, summarised. */
export interface PageRun {
  page: string
  run: number
  /** 0-100 as the report shows them (rounded); NaN when Lighthouse gave no score. */
  scores: Record<CategoryId, number>
  /** Lighthouse's (simulated) metrics: ms, and the layout shift score. */
  metrics: {
    firstContentfulPaintMs: number
    largestContentfulPaintMs: number
    totalBlockingTimeMs: number
    speedIndexMs: number
    cumulativeLayoutShift: number
  }
  /** Per category, the weighted audits below a full score, costliest first. */
  lost: Record<CategoryId, LostAudit[]>
  /**
   * Performance audits of weight 0 (opportunities and diagnostics) that Lighthouse flags: they do
   * not count in the score themselves but say why a metric is slow.
   */
  hints: LostAudit[]
  benchmarkIndex: number
  warnings: string[]
}

const ITEMS_KEPT = 3
const ITEM_CHARS = 160

function shorten(text: string): string {
  // Lighthouse's texts hold Markdown links: keep their words.
  const flat = text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > ITEM_CHARS ? `${flat.slice(0, ITEM_CHARS - 1)}…` : flat
}

/**
 * One found item of an audit in words: an element (its label, or its HTML snippet), a console
 * message, or a URL; '' when the item has none of these.
 */
export function describeItem(item: unknown): string {
  if (typeof item !== 'object' || item === null) return ''
  const record = item as Record<string, unknown>
  const node = record.node as Record<string, unknown> | undefined
  const parts: string[] = []
  if (node && typeof node === 'object') {
    const label = [node.nodeLabel, node.snippet, node.selector].find(
      (each): each is string => typeof each === 'string' && each.trim() !== '',
    )
    if (label) parts.push(label)
    if (typeof node.explanation === 'string') parts.push(node.explanation)
  }
  for (const key of ['description', 'source', 'url', 'text']) {
    const value = record[key]
    if (typeof value === 'string' && value.trim() && !parts.includes(value)) parts.push(value)
  }
  const location = record.sourceLocation as { url?: unknown } | undefined
  if (location && typeof location.url === 'string' && !parts.includes(location.url))
    parts.push(location.url)
  return shorten(parts.join(' — '))
}

/**
 * The origin of the audited page (`http://127.0.0.1:41234`), which the items' URLs are shortened
 * by: the port changes every run.
 */
export function pageOrigin(lhr: LighthouseResult): string {
  const url = lhr.finalDisplayedUrl ?? lhr.requestedUrl
  if (!url) return ''
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}

function itemsOf(audit: LighthouseAudit, origin: string): string[] {
  const items = Array.isArray(audit.details?.items) ? audit.details.items : []
  return items
    .map(describeItem)
    .filter(Boolean)
    .map((text) => (origin ? text.split(origin).join('') || '/' : text))
    .slice(0, ITEMS_KEPT)
}

function savingsOf(audit: LighthouseAudit): { savings?: Record<string, number> } {
  const found = Object.entries(audit.metricSavings ?? {}).filter(
    ([, value]) => typeof value === 'number' && value > 0,
  )
  return found.length ? { savings: Object.fromEntries(found) } : {}
}

function lostAudit(
  audit: LighthouseAudit,
  weight: number,
  total: number,
  origin: string,
): LostAudit {
  const score = typeof audit.score === 'number' ? audit.score : null
  return {
    id: audit.id,
    title: audit.title,
    score,
    weight,
    lostPoints: total > 0 ? (weight * (1 - (score ?? 0)) * 100) / total : 0,
    ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    ...(audit.errorMessage && score === null ? { displayValue: audit.errorMessage } : {}),
    ...savingsOf(audit),
    items: itemsOf(audit, origin),
  }
}

/** Where an audit may be missing from `audits` (a broken LHR): a stand-in that shows it. */
function auditOf(lhr: LighthouseResult, id: string): LighthouseAudit {
  return (
    lhr.audits[id] ?? {
      id,
      title: id,
      score: null,
      scoreDisplayMode: 'error',
      errorMessage: 'missing from the result',
    }
  )
}

/**
 * The weighted audits of a category below a full score, costliest first. As Lighthouse scores a
 * category: a weighted mean of the audits with a weight (not applicable, manual and informative
 * audits have weight 0 in the LHR).
 */
export function lostAudits(lhr: LighthouseResult, category: string): LostAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? []
  const weighted = refs.filter((ref) => ref.weight > 0)
  const total = weighted.reduce((sum, ref) => sum + ref.weight, 0)
  return weighted
    .map((ref) => ({ ref, audit: auditOf(lhr, ref.id) }))
    .filter(({ audit }) => audit.score === null || audit.score < 1)
    .map(({ ref, audit }) => lostAudit(audit, ref.weight, total, pageOrigin(lhr)))
    .sort((a, b) => b.lostPoints - a.lostPoints)
}

const HINT_MODES = new Set(['metricSavings', 'numeric', 'binary'])

/**
 * Performance audits of weight 0 that Lighthouse marks as not passed (score under 0.9). Lighthouse
 * 12 also runs the newer "insight" audits (`render-blocking-insight`...), which repeat the classic
 * ones in other words: left out.
 */
export function performanceHints(lhr: LighthouseResult): LostAudit[] {
  const refs = lhr.categories.performance?.auditRefs ?? []
  return refs
    .filter((ref) => ref.weight === 0 && !ref.id.endsWith('-insight'))
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is LighthouseAudit =>
        audit !== undefined &&
        HINT_MODES.has(audit.scoreDisplayMode) &&
        typeof audit.score === 'number' &&
        audit.score < 0.9,
    )
    .map((audit) => lostAudit(audit, 0, 0, pageOrigin(lhr)))
}

function numeric(lhr: LighthouseResult, id: string): number {
  const value = lhr.audits[id]?.numericValue
  return typeof value === 'number' ? value : Number.NaN
}

/** A 0-1 score as the report shows it (0-100, rounded); NaN for none. */
export function shownScore(score: number | null | undefined): number {
  return typeof score === 'number' ? Math.round(score * 100) : Number.NaN
}

/** Summarises one LHR; throws when Lighthouse could not load the page at all. */
export function summariseLighthouse(lhr: LighthouseResult, page: string, run: number): PageRun {
  if (lhr.runtimeError)
    throw new Error(
      `Lighthouse could not measure ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    )
  const scores = {} as Record<CategoryId, number>
  const lost = {} as Record<CategoryId, LostAudit[]>
  for (const id of CATEGORIES) {
    scores[id] = shownScore(lhr.categories[id]?.score)
    lost[id] = lostAudits(lhr, id)
  }
  return {
    page,
    run,
    scores,
    metrics: {
      firstContentfulPaintMs: numeric(lhr, 'first-contentful-paint'),
      largestContentfulPaintMs: numeric(lhr, 'largest-contentful-paint'),
      totalBlockingTimeMs: numeric(lhr, 'total-blocking-time'),
      speedIndexMs: numeric(lhr, 'speed-index'),
      cumulativeLayoutShift: numeric(lhr, 'cumulative-layout-shift'),
    },
    lost,
    hints: performanceHints(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    warnings: lhr.runWarnings ?? [],
  }
}

/** The median score of a category over runs, and the run nearest to it (the first on a tie). */
export function medianRun(
  runs: readonly PageRun[],
  category: CategoryId,
): { score: number; run: PageRun } {
  if (!runs.length) throw new Error('no Lighthouse runs')
  const scores = runs.map((run) => run.scores[category])
  // A run without a score (NaN) counts as 0: a broken run must not lift the median.
  const score = median(scores.map((value) => (Number.isFinite(value) ? value : 0)))
  let nearest = runs[0]!
  for (const run of runs) {
    const distance = (each: PageRun) =>
      Math.abs((Number.isFinite(each.scores[category]) ? each.scores[category] : 0) - score)
    if (distance(run) < distance(nearest)) nearest = run
  }
  return { score, run: nearest }
}

/** `Total Blocking Time (total-blocking-time) 0.74, 520 ms, −7.8 points: item; item`. */
export function describeLost(audit: LostAudit): string {
  const score = audit.score === null ? 'error' : audit.score.toFixed(2)
  const value = audit.displayValue ? `, ${audit.displayValue}` : ''
  const points = audit.weight > 0 ? `, −${audit.lostPoints.toFixed(1)} points` : ''
  const savings = Object.entries(audit.savings ?? {})
    .map(([metric, value]) => `${metric} −${Math.round(value)}${metric === 'CLS' ? '' : ' ms'}`)
    .join(', ')
  const estimate = savings ? ` (would save ${savings})` : ''
  // Items hold HTML snippets: as code, so Markdown shows them rather than rendering them.
  const code = (text: string) => `\`${text.replace(/`/g, "'")}\``
  const items = audit.items.length ? `: ${audit.items.map(code).join('; ')}` : ''
  return `${audit.title} (\`${audit.id}\`) score ${score}${value}${estimate}${points}${items}`
}
