import type { Middleware, ParameterizedContext } from 'koa'
import { createError } from '../errors/app-error.js'
import { checkQueryRequest } from './query-guard.js'
import { jsonBodyReader } from './json-body.js'
import type { QueryContext, QueryRouter } from './query-router.js'
import type { QueryState } from './state.js'

/** True for `/query` and everything below it. */
export function isQueryPath(path: string): boolean {
  return path === '/query' || path.startsWith('/query/')
}

/**
 * Serves `/query/*`: the request checks, the JSON body (POST only, not for upload routes), then the route. When no route
 * has the method and path, the path decides between 405 (the call exists with another method) and
 * 404; that lookup runs only on the failure path.
 */
export function queryDispatcher(router: QueryRouter, bodyLimit: string): Middleware<QueryState> {
  const readBody = jsonBodyReader(bodyLimit)
  // Not an async function: a read runs its route's promise as it is, one wait fewer per request.
  return (ctx, next) => {
    const path = ctx.path
    if (!isQueryPath(path)) return next()
    checkQueryRequest(ctx)
    const route = router.match(ctx.method, path)
    if (!route) return Promise.reject(unmatched(router, ctx, path))
    // The pattern, not the address: what the metrics label a request with (metrics.ts).
    ctx.state.route = route.path
    ;(ctx as QueryContext).params = route.params
    if (ctx.method === 'POST' && !route.upload)
      return readBody(ctx).then(() => route.run(ctx as QueryContext))
    return route.run(ctx as QueryContext)
  }
}

/**
 * The error of a `/query` call no route has: 400 for an address that is not percent-encoding, 405,
 * or 404 (ERROR_POST_NOT_FOUND for a POST, else ERROR_QUERY_NOT_FOUND).
 */
function unmatched(
  router: QueryRouter,
  ctx: ParameterizedContext<QueryState>,
  path: string,
): Error {
  // A path that is not valid percent-encoding matches no route: say so, rather than "no such call".
  try {
    decodeURIComponent(path)
  } catch {
    return createError('ERROR_INVALID_INPUT', {
      reason: 'The address is not valid percent-encoding.',
    })
  }
  const methods = router.methodsFor(path)
  if (methods.length > 0) {
    ctx.set('Allow', methods.includes('GET') ? [...methods, 'HEAD'].join(', ') : methods.join(', '))
    return createError('ERROR_METHOD_NOT_ALLOWED')
  }
  // The catalogue's "Unable to post data." for a POST to a call that does not exist.
  return createError(ctx.method === 'POST' ? 'ERROR_POST_NOT_FOUND' : 'ERROR_QUERY_NOT_FOUND')
}
