import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
/** axe-core's own build, run inside the page under test (never a copy of its rules). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** One accessibility problem axe found: its rule, how bad, and where (CSS selectors). */
export interface AxeProblem {
  rule: string
  impact: string
  help: string
  targets: string[]
}

/**
 * Runs axe-core in the page (WCAG 2.1 A and AA rules) and answers the problems of the given
 * impacts. The script goes in through the debugging protocol (`evaluate`), which the page's
 * Content-Security-Policy does not govern, so the page is tested as it is served.
 */
export async function axeProblems(
  page: Page,
  impacts: readonly string[] = ['serious', 'critical'],
): Promise<AxeProblem[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: unknown): Promise<unknown> } }).axe
    const result = (await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as {
      violations: Array<{
        id: string
        impact: string | null
        help: string
        nodes: Array<{ target: unknown[] }>
      }>
    }
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }))
  })
  return violations.filter((violation) => impacts.includes(violation.impact))
}
