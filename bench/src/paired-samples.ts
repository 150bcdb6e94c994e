import type { BenchContext } from './scenario.js'

/** How many unmeasured pairs to run first, then how many measured. */
export interface PairPlan {
  warmup: number
  samples: number
}

/** One measured pair: the baseline's sample and the kernel's that followed it. */
export interface SamplePair<B, K> {
  baseline: B
  kernel: K
}

/**
 * One request at a time, alternating: `warmup` unmeasured pairs, then `samples` measured ones,
 * each the baseline then the kernel, so that a burst of outside load lands on both sides alike.
 */
export async function alternatePairs<B, K>(
  context: BenchContext,
  label: string,
  plan: PairPlan,
  baseline: () => Promise<B>,
  kernel: () => Promise<K>,
): Promise<Array<SamplePair<B, K>>> {
  context.log(`${label}: ${plan.warmup} unmeasured pairs, then ${plan.samples} measured`)
  for (let n = 0; n < plan.warmup; n++) {
    await baseline()
    await kernel()
  }
  const pairs: Array<SamplePair<B, K>> = []
  for (let n = 0; n < plan.samples; n++) {
    const measured = await baseline()
    pairs.push({ baseline: measured, kernel: await kernel() })
  }
  return pairs
}
