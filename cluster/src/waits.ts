/** Waiting: a pause, a condition polled until it holds, and work run a few at a time. */

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` answers true, polling every `intervalMs`; answers the time it took. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<number> {
  const began = Date.now()
  for (;;) {
    if (await check()) return Date.now() - began
    if (Date.now() - began > options.timeoutMs)
      throw new Error(`${what}: not so after ${options.timeoutMs} ms`)
    await sleep(options.intervalMs ?? 100)
  }
}

/** Runs `work` on every item, at most `concurrency` at once; the answers in the items' order. */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await work(items[index]!, index)
      }
    }),
  )
  return results
}
