import fs from 'node:fs'
import path from 'node:path'
import type { ResultRow, Scenario, TargetCheck } from './scenario.js'
import { HOST, request } from './http-probe.js'
import { median } from './stats.js'
import { formatMeasure } from './format.js'
import { pageScripts, THEME_BUILD } from './admin-manifest.js'
import { htmlTitle, itemLinks, pageSlug } from './storefront-page.js'
import { LIGHTHOUSE_CHROMIUM_FLAGS, runLighthouse } from './lighthouse-run.js'
import {
  CATEGORIES,
  CATEGORY_TITLES,
  describeLost,
  medianRun,
  summariseLighthouse,
  type CategoryId,
  type LighthouseResult,
  type PageRun,
} from './lighthouse-report.js'
import { withFreshKernel } from './fresh-kernel.js'

/** The floor of a category's score (0-100) on every page; a category without one is only reported. */
export type LighthouseTargets = Partial<Record<CategoryId, number>>

/** What one Lighthouse scenario audits, and against which floors. */
export interface LighthousePlan {
  name: string
  title: string
  /** The storefront addresses audited, in the order each run takes them. */
  pages: readonly string[]
  /**
   * The pages that must link at least one item when fetched before the runs (a search or a
   * filtered category that found nothing would be audited as an empty state).
   */
  listingPages?: readonly string[]
  /**
   * Pages audited once more for accessibility alone with Lighthouse's desktop config: below
   * 1024 px the theme's category filters are a closed drawer (visibility: hidden), which an audit
   * at the mobile screen skips. Their score counts in the accessibility target.
   */
  desktopAccessibility?: readonly string[]
  targets: LighthouseTargets
  /** Says where the floors come from in the method text (`the issue's floors`). */
  targetsFrom: string
}

/** Attempts at one run when Lighthouse reports a runtime error (a broken trace) instead of scores. */
const MAX_ATTEMPTS = 3

function runsOf(quick: boolean): number {
  return quick ? 1 : 3
}

/** `a`, `a and b`, `a, b and c`. */
export function listOf(words: readonly string[]): string {
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`
}

/** `≥ 95`, `= 100`: a floor as the issue words it. */
export function floorText(floor: number): string {
  return floor === 100 ? '= 100' : `≥ ${floor}`
}

/** A category in running text: `best practices`, but `SEO`. */
function categoryWord(id: CategoryId): string {
  return id === 'seo' ? 'SEO' : CATEGORY_TITLES[id].toLowerCase()
}

/** `performance ≥ 95, accessibility = 100`, in Lighthouse's order of the categories. */
export function targetsText(targets: LighthouseTargets): string {
  return CATEGORIES.filter((id) => targets[id] !== undefined)
    .map((id) => `${categoryWord(id)} ${floorText(targets[id]!)}`)
    .join(', ')
}

/** The categories without a floor, reported only (`best practices and SEO`); '' when none. */
export function untargeted(targets: LighthouseTargets): string {
  return listOf(CATEGORIES.filter((id) => targets[id] === undefined).map(categoryWord))
}

/**
 * A Lighthouse scenario (its Node API, default config) on storefront pages served by a started
 * kernel, in Debian's Chromium: the four category scores per page, median of 3 runs (1 with
 * --quick), and, for every point lost, which audits cost it.
 */
export function lighthouseScenarioOf(plan: LighthousePlan): Scenario {
  const { pages, targets } = plan
  const listing = plan.listingPages ?? []
  const desktop = plan.desktopAccessibility ?? []
  return {
    name: plan.name,
    title: plan.title,
    method(quick) {
      const runs = runsOf(quick)
      const reportedOnly = untargeted(targets)
      return [
        `A kernel (default plugins and log level, so the default theme) on a fresh SQLite DATA_DIR, migrated`,
        `and seeded by its first start; each page is fetched once first (so the engine's page cache holds`,
        `it, as on a live site) with its scripts${listing.length ? `, and ${listOf(listing.map((page) => `\`${page}\``))} must link at least one item (the sample catalogue found)` : ''}. Lighthouse 12 (npm \`lighthouse\`, its Node API with the`,
        `default config: **mobile** form factor and screen, simulated throttling: 150 ms round trips,`,
        `1.6 Mbit/s, 4× the CPU time the page took here; the notes give this machine's benchmark index) audits`,
        `${listOf(pages.map((page) => `\`${page}\``))} for the categories performance, accessibility, best practices and SEO.`,
        `Each run starts a Chromium of its own, Debian's \`/usr/bin/chromium\` (never a downloaded one),`,
        `headless with a fresh profile folder and the flags \`${LIGHTHOUSE_CHROMIUM_FLAGS.join(' ')}\`,`,
        `listening for DevTools on a free 127.0.0.1 port that Lighthouse connects to; the bench stops it`,
        `after the run, and the run's end or Ctrl+C stops it with the servers. ${runs} run${runs === 1 ? '' : 's'} per page,`,
        `alternating the pages; each category's figure is the median of its scores (0-100, rounded as the report`,
        `shows them), and the notes name, from the run nearest that median, every audit that cost the`,
        `category points: its id and title, score, value and the points of 100 it cost (its weight times`,
        `what it missed, over the category's weights), with what it found. For performance they add the`,
        `opportunities and diagnostics Lighthouse flags (no weight of their own, but they say why a metric`,
        `is slow). Lighthouse scores have no same-run baseline: like the sizes, they are held against the`,
        `${plan.targetsFrom} (${targetsText(targets)}, on every page)${reportedOnly ? `; ${reportedOnly} are reported without a target` : ''}.`,
        ...(desktop.length
          ? [
              `${listOf(desktop.map((page) => `\`${page}\``))} ${desktop.length === 1 ? 'is' : 'are'} also audited once for accessibility alone with Lighthouse's desktop`,
              `config (1350 × 940), as the theme lays pages out otherwise from 1024 px: there a category's filters stand`,
              `beside the items, while on the mobile screen they are a closed drawer (\`visibility: hidden\`), which the`,
              `audit skips. That score counts in the accessibility target too.`,
            ]
          : []),
        `Each report is saved whole as \`bench/results/<timestamp>-${plan.name}/<page>-<run>.json\` (open it in`,
        `Lighthouse's viewer for the full report). A run for which Lighthouse reports a runtime error (a`,
        `broken trace such as NO_NAVSTART, which it says to run again) is run again, up to ${MAX_ATTEMPTS} attempts; the`,
        `notes count such repeats and the failed reports are kept beside the others.`,
      ].join('\n')
    },
    async run(context) {
      const runs = runsOf(context.quick)
      const reportsDir = `${context.resultsStem}-${plan.name}`
      return withFreshKernel(context, plan.name, {}, async (kernel, dir) => {
        const port = kernel.port
        const titles: Record<string, string> = {}
        for (const page of pages) {
          const answer = await request(port, page, { headers: { Accept: 'text/html' } })
          const title = htmlTitle(answer.body)
          if (answer.status !== 200 || !title)
            throw new Error(
              `GET ${page} answered ${answer.status} without a page title: ${answer.body.slice(0, 300)}`,
            )
          if (listing.includes(page) && itemLinks(answer.body).length === 0)
            throw new Error(`GET ${page} links no item: the audit would see an empty page`)
          titles[page] = title
          for (const file of pageScripts(answer.body, THEME_BUILD.base)) {
            const script = await request(port, `${THEME_BUILD.base}${file}`)
            if (script.status !== 200)
              throw new Error(
                `GET ${THEME_BUILD.base}${file} (from ${page}) answered ${script.status}`,
              )
          }
        }

        fs.mkdirSync(reportsDir, { recursive: true })
        const measured: PageRun[] = []
        const retried: Array<{ page: string; run: number; attempt: number; code: string }> = []
        const environment = { lighthouse: '', chromium: '', formFactor: '', throttling: '' }
        /** One run of a page, again after a Lighthouse runtime error (up to MAX_ATTEMPTS). */
        const measure = async (page: string, n: number, onDesktop: boolean): Promise<PageRun> => {
          const slug = `${pageSlug(page)}${onDesktop ? '-desktop' : ''}`
          let attempt = 1
          let measuredRun: Awaited<ReturnType<typeof runLighthouse>>
          for (;;) {
            const label = attempt === 1 ? `${slug}-${n}` : `${slug}-${n}-attempt-${attempt}`
            measuredRun = await runLighthouse(context, `http://${HOST}:${port}${page}`, {
              userDataDir: path.join(dir, `chromium-${label}`),
              logFile: path.join(dir, `chromium-${label}.log`),
              ...(onDesktop ? { desktop: true, categories: ['accessibility'] as const } : {}),
            })
            const failed = measuredRun.lhr.runtimeError
            if (!failed) break
            // Lighthouse's own advice for a broken trace (NO_NAVSTART, NO_FCP...): run it again.
            fs.writeFileSync(
              path.join(reportsDir, `${label}-failed.json`),
              JSON.stringify(measuredRun.lhr),
            )
            retried.push({ page, run: n, attempt, code: failed.code })
            context.log(`${plan.name}: ${page} run ${n} failed (${failed.code}), running it again`)
            if (attempt >= MAX_ATTEMPTS) break
            attempt++
          }
          const { lhr, chromium } = measuredRun
          fs.writeFileSync(path.join(reportsDir, `${slug}-${n}.json`), JSON.stringify(lhr))
          // Throws with Lighthouse's error when every attempt failed.
          const summary = summariseLighthouse(lhr, page, n)
          if (!onDesktop) {
            environment.lighthouse = lhr.lighthouseVersion ?? 'unknown'
            environment.chromium = chromium
            environment.formFactor = lhr.configSettings?.formFactor ?? 'unknown'
            environment.throttling = describeThrottling(lhr)
          }
          return summary
        }
        for (let n = 1; n <= runs; n++) {
          for (const page of pages) {
            context.log(`${plan.name}: ${page} run ${n}/${runs}`)
            const summary = await measure(page, n, false)
            measured.push(summary)
            context.log(
              `${plan.name}: ${page} run ${n}: ${CATEGORIES.map((id) => `${id} ${summary.scores[id]}`).join(', ')}`,
            )
          }
        }
        const onDesktop: PageRun[] = []
        for (const page of desktop) {
          context.log(`${plan.name}: ${page} on a desktop screen, accessibility`)
          const summary = await measure(page, 1, true)
          onDesktop.push(summary)
          context.log(
            `${plan.name}: ${page} desktop: accessibility ${summary.scores.accessibility}`,
          )
        }

        const of = (page: string) => measured.filter((run) => run.page === page)
        const medians = new Map<string, Record<CategoryId, { score: number; run: PageRun }>>()
        for (const page of pages) {
          const byCategory = {} as Record<CategoryId, { score: number; run: PageRun }>
          for (const id of CATEGORIES) byCategory[id] = medianRun(of(page), id)
          medians.set(page, byCategory)
        }
        const scoreOf = (page: string, id: CategoryId) => medians.get(page)![id].score

        const score = (value: number) => ({ value, unit: 'score' as const })
        const ms = (value: number) => ({ value, unit: 'ms' as const })
        const seconds = (value: number) => ({ value: value / 1000, unit: 's' as const })
        const metric = (page: string, field: keyof PageRun['metrics']) =>
          median(of(page).map((run) => run.metrics[field]))
        const rows: ResultRow[] = pages.flatMap((page) => [
          ...CATEGORIES.map((id) => ({
            metric: `${page}: ${CATEGORY_TITLES[id]} score (median of ${runs})`,
            shopwright: score(scoreOf(page, id)),
          })),
          {
            metric: `${page}: First Contentful Paint (simulated, median)`,
            shopwright: seconds(metric(page, 'firstContentfulPaintMs')),
          },
          {
            metric: `${page}: Largest Contentful Paint (simulated, median)`,
            shopwright: seconds(metric(page, 'largestContentfulPaintMs')),
          },
          {
            metric: `${page}: Total Blocking Time (simulated, median)`,
            shopwright: ms(metric(page, 'totalBlockingTimeMs')),
          },
        ])

        for (const run of onDesktop)
          rows.push({
            metric: `${run.page}: Accessibility score, desktop screen (1 run)`,
            shopwright: score(run.scores.accessibility),
          })

        const runScores = (page: string, id: CategoryId) =>
          of(page)
            .map((run) => formatMeasure(score(run.scores[id])))
            .join(', ')
        const checks: TargetCheck[] = CATEGORIES.filter((id) => targets[id] !== undefined).map(
          (id) => {
            const floor = targets[id]!
            const perPage = pages.map((page) => {
              const value = scoreOf(page, id)
              return `${page} ${formatMeasure(score(value))}${runs > 1 ? ` (runs ${runScores(page, id)})` : ''}`
            })
            const desktopToo = id === 'accessibility' ? onDesktop : []
            const onDesktopText = desktopToo.length
              ? `; desktop screen: ${desktopToo.map((run) => `${run.page} ${formatMeasure(score(run.scores[id]))}`).join('; ')}`
              : ''
            return {
              goal: `Lighthouse ${CATEGORY_TITLES[id]} ${floorText(floor)} on the storefront's ${listOf(pages)} (mobile defaults, median of ${runs} run${runs === 1 ? '' : 's'}${desktopToo.length ? `; and on a desktop screen, 1 run, for ${listOf(desktopToo.map((run) => run.page))}` : ''})`,
              measured: `${perPage.join('; ')}${onDesktopText}`,
              pass:
                pages.every((page) => scoreOf(page, id) >= floor) &&
                desktopToo.every((run) => run.scores[id] >= floor),
            }
          },
        )

        // What cost the points, from the run nearest each median: one paragraph per page.
        const costs: string[] = []
        for (const page of pages) {
          const categories: string[] = []
          for (const id of CATEGORIES) {
            const { score: value, run } = medians.get(page)![id]
            const lost = run.lost[id]
            const hints = id === 'performance' ? run.hints : []
            if (value >= 100 && !lost.length) continue
            const parts = [
              ...lost.map(describeLost),
              ...(hints.length
                ? [`flagged, no weight of their own: ${hints.map(describeLost).join('; ')}`]
                : []),
            ]
            categories.push(
              `**${CATEGORY_TITLES[id]} ${formatMeasure(score(value))}** (run ${run.run}): ${parts.join('; ') || 'no weighted audit below a full score'}.`,
            )
          }
          if (categories.length)
            costs.push(`What cost points on \`${page}\`: ${categories.join(' ')}`)
        }
        for (const run of onDesktop) {
          const lost = run.lost.accessibility
          if (run.scores.accessibility >= 100 && !lost.length) continue
          costs.push(
            `What cost points on \`${run.page}\` on a desktop screen: **Accessibility ${formatMeasure(score(run.scores.accessibility))}**: ${lost.map(describeLost).join('; ') || 'no weighted audit below a full score'}.`,
          )
        }
        const benchmarkIndex = median(measured.map((run) => run.benchmarkIndex))
        const warnings = [...new Set(measured.flatMap((run) => run.warnings))]
        const cls = pages
          .map((page) => `${page} ${metric(page, 'cumulativeLayoutShift').toFixed(3)}`)
          .join(', ')
        const speedIndex = pages
          .map((page) => `${page} ${formatMeasure(seconds(metric(page, 'speedIndexMs')))}`)
          .join(', ')

        return {
          rows,
          targets: checks,
          notes: [
            `Lighthouse ${environment.lighthouse}, form factor ${environment.formFactor}, ${environment.throttling}; Debian's Chromium (${environment.chromium}, headless); benchmark index (median) ${Number.isFinite(benchmarkIndex) ? Math.round(benchmarkIndex).toLocaleString('en-US') : 'n/a'}. Pages: ${pages.map((page) => `\`${page}\` "${titles[page]}"`).join(', ')}. Cumulative Layout Shift (median): ${cls}; Speed Index (median): ${speedIndex}.${warnings.length ? ` Lighthouse warned: ${warnings.join(' ')}` : ''}${retried.length ? ` Runs repeated after a Lighthouse runtime error: ${retried.map((each) => `${each.page} run ${each.run} (${each.code})`).join(', ')}.` : ''}`,
            ...(costs.length
              ? costs
              : ['Every category scored 100 on every page: no audit cost a point.']),
          ],
          raw: {
            runs,
            pages,
            environment,
            chromiumFlags: LIGHTHOUSE_CHROMIUM_FLAGS,
            benchmarkIndex,
            reportsDir: path.relative(context.root, reportsDir),
            medians: Object.fromEntries(
              pages.map((page) => [
                page,
                Object.fromEntries(CATEGORIES.map((id) => [id, scoreOf(page, id)])),
              ]),
            ),
            measured,
            onDesktop,
            retried,
            targets,
          },
        }
      })
    },
  }
}

/** `simulated throttling (150 ms RTT, 1,638 Kbit/s, CPU ×4)`. */
function describeThrottling(lhr: LighthouseResult): string {
  const settings = lhr.configSettings
  const t = settings?.throttling ?? {}
  const method = settings?.throttlingMethod ?? 'unknown'
  if (method !== 'simulate') return `${method} throttling`
  const rtt = t.rttMs
  const kbps = t.throughputKbps
  const cpu = t.cpuSlowdownMultiplier
  return `simulated throttling (${rtt ?? '?'} ms RTT, ${kbps === undefined ? '?' : Math.round(kbps).toLocaleString('en-US')} Kbit/s, CPU ×${cpu ?? '?'})`
}
