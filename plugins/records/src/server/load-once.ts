/**
 * A loader that runs `load` (a dynamic import) on its first call and answers that same promise
 * after: the plugin's heavy libraries come in on first use, not at every start (docs/benchmarks.md,
 * "Start-up and idle memory"; test/lazy-libraries.test.ts checks none loads at import).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => (loading ??= load())
}
