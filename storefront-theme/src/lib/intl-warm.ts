import type { PageData } from '@shopwright/storefront/shared'
import type { IntlWarmRequest } from './intl-worker.js'

/**
 * How long hydration waits for the worker at most. Its work takes about as long on the main
 * thread; a worker that is slower to start (or never answers) must not hold the page back more.
 */
export const INTL_WARM_LIMIT_MS = 250

/**
 * The inputs that end the wait at once: until hydration starts, the page's controls are the
 * server's HTML and a click on one would be lost; once it has started (even unfinished), React
 * hydrates at once what a click or key lands on and hands it the event.
 */
export const FIRST_INPUT = ['pointerdown', 'mousedown', 'touchstart', 'keydown'] as const

/** What the worker is asked to make: the page's language, and its site's currencies by ISO code. */
export function intlWarmRequest(data: Pick<PageData, 'language' | 'site'>): IntlWarmRequest {
  const codes = data.site.currencies
    .map((currency) => currency.code.toUpperCase())
    .filter((code) => /^[A-Z]{3}$/.test(code))
  return { language: data.language, currencies: [...new Set(codes)] }
}

/** The part of a Worker warmIntl uses (a fake one in tests). */
export interface WarmWorker {
  onmessage: ((event: MessageEvent) => void) | null
  onerror: ((event: ErrorEvent) => void) | null
  postMessage(message: IntlWarmRequest): void
  terminate(): void
}

/** Where the visitor's first input is heard (the window; a fake one in tests). */
export type InputTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

function startWorker(): WarmWorker {
  return new Worker(new URL('./intl-worker.ts', import.meta.url), { type: 'module' })
}

/**
 * Starts the Intl worker (intl-worker.ts) and resolves once it has made the formatters asked for,
 * at the visitor's first input, after INTL_WARM_LIMIT_MS, or at once where a worker cannot start.
 * The main thread stays free meanwhile: the page is painted and scrolls, and the formatters it
 * makes next take well under a millisecond instead of a long task.
 */
export function warmIntl(
  request: IntlWarmRequest,
  { start = startWorker, target = window }: { start?: () => WarmWorker; target?: InputTarget } = {},
): Promise<void> {
  return new Promise((resolve) => {
    let worker: WarmWorker
    try {
      worker = start()
    } catch {
      resolve()
      return
    }
    const done = () => {
      clearTimeout(timer)
      for (const type of FIRST_INPUT) target.removeEventListener(type, done, true)
      resolve()
    }
    const timer = setTimeout(() => {
      worker.terminate()
      done()
    }, INTL_WARM_LIMIT_MS)
    for (const type of FIRST_INPUT)
      target.addEventListener(type, done, { capture: true, passive: true })
    worker.onmessage = done
    worker.onerror = done
    worker.postMessage(request)
  })
}
