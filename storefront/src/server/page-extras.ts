import { isAppError, toAppError, type Logger } from '@shopwright/core'
import { type PageDataInput, type PageDataProvider } from './storefront-registry.js'

/** What a page's providers answered together. */
export interface PageExtras {
  /** Each provider's answer by its id; absent when the route has no provider. */
  extra?: Record<string, unknown>
  /** A provider said there is no such page (a 404 catalogue error). */
  notFound: boolean
  /** False when a provider failed otherwise: the page shows without its answer. */
  complete: boolean
}

/**
 * Runs the route's providers at once and collects their answers by id. A database or Redis that
 * does not answer fails the page (a 503, never a page cached without its data), whichever
 * provider met it; a 404 catalogue error makes it 'Page not Found'; any other failure is logged
 * and the page goes on without that provider's answer.
 */
export async function loadPageExtras(
  providers: readonly PageDataProvider[],
  input: PageDataInput,
  logger: Pick<Logger, 'warn'>,
): Promise<PageExtras> {
  if (providers.length === 0) return { notFound: false, complete: true }
  const settled = await Promise.allSettled(providers.map((provider) => provider.load(input)))
  const outage = settled.find(
    (result) =>
      result.status === 'rejected' && toAppError(result.reason).code === 'ERROR_DATA_CONNECTION',
  )
  if (outage?.status === 'rejected') throw outage.reason
  const extra: Record<string, unknown> = {}
  let notFound = false
  let complete = true
  for (const [index, result] of settled.entries()) {
    const provider = providers[index]!
    if (result.status === 'fulfilled') {
      extra[provider.id] = result.value
    } else if (isAppError(result.reason) && result.reason.status === 404) {
      notFound = true
    } else {
      complete = false
      logger.warn(
        { err: result.reason, provider: provider.id, href: input.href },
        'storefront page data failed: the page shows without it',
      )
    }
  }
  return { extra, notFound, complete }
}
