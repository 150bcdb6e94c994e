/**
 * A worker that makes, once, the Intl objects a page needs as it starts: the money formatters of
 * its language, its plural rules and the time zone (the Device header's fingerprint and the
 * locale guess read it). The first one a renderer makes builds ICU's locale tables, which
 * Chromium keeps for the whole renderer process: 50-100 ms of work on a fast desktop, a long task
 * in the middle of hydration. Here it runs on another core while the main thread paints and
 * parses (see intl-warm.ts).
 */
/// <reference lib="webworker" />

/** What the page sends: the language it is written in and the currencies it may show. */
export interface IntlWarmRequest {
  language: string
  currencies: string[]
}

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<IntlWarmRequest>) => {
  const { language, currencies } = event.data
  try {
    for (const currency of currencies)
      new Intl.NumberFormat(language, { style: 'currency', currency }).format(1)
    new Intl.NumberFormat(language).format(1)
    new Intl.PluralRules(language).select(1)
    Intl.DateTimeFormat().resolvedOptions()
  } catch {
    // A tag or code Intl refuses: the page makes its own formatters as before.
  }
  scope.postMessage('ready')
  scope.close()
}
