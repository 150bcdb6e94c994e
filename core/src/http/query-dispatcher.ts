import type { Middleware } from 'koa'
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
  return async (ctx, next) => {
    if (!isQueryPath(ctx.path)) return next()
    checkQueryRequest(ctx)
    const route = router.match(ctx.method, ctx.path)
    if (route) {
      // The pattern, not the address: what the metrics label a request with (metrics.ts).
      ctx.state.route = route.path
      if (ctx.method === 'POST' && !route.upload) await readBody(ctx)
      ;(ctx as QueryContext).params = route.params
      await route.run(ctx as QueryContext)
      return
    }
    // A path that is not valid percent-encoding matches no route: say so, rather than "no such call".
    try {
      decodeURIComponent(ctx.path)
    } catch {
      throw createError('ERROR_INVALID_INPUT', {
        reason: 'The address is not valid percent-encoding.',
      })
    }
    const methods = router.methodsFor(ctx.path)
    if (methods.length > 0) {
      ctx.set(
        'Allow',
        methods.includes('GET') ? [...methods, 'HEAD'].join(', ') : methods.join(', '),
      )
      throw createError('ERROR_METHOD_NOT_ALLOWED')
    }
    throw createError('ERROR_QUERY_NOT_FOUND')
  }
}
