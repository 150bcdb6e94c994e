import FindMyWay from 'find-my-way'
import compose from 'koa-compose'
import type { Middleware, ParameterizedContext } from 'koa'
import type { QueryState } from './state.js'
import { KernelError } from '../kernel/kernel-error.js'
import type { RouteDescription } from './route-description.js'
import { inputCheck, type InputCheck, type RouteInput } from './route-input.js'

/** What a route's middleware sees: the request state and the path parameters. */
export interface RouteParameters {
  params: Record<string, string>
  /** The request as the route's description reads it, checked before any middleware runs. */
  input: RouteInput
}

/** A middleware of a `/query` route. */
export type QueryMiddleware = Middleware<QueryState, RouteParameters>

/** The context a `/query` route's middleware receives. */
export type QueryContext = ParameterizedContext<QueryState, RouteParameters>

/** A middleware of a described route: `ctx.input` is typed from the description's schemas. */
export type DescribedMiddleware<D extends RouteDescription> = Middleware<
  QueryState,
  RouteParameters & { input: RouteInput<D> }
>

type Handler = (ctx: QueryContext) => Promise<unknown>

/** What a route keeps in the tree: its composed chain, whether its body is an upload, its pattern. */
interface RouteStore {
  run: Handler
  upload: boolean
  path: string
}

/** A matched route, ready to run. */
export interface MatchedRoute {
  /** The route's path as registered (`/query/data/get/:type/:id`), not the request's. */
  path: string
  params: Record<string, string>
  /** True for upload routes: the dispatcher leaves their body unread (see readUpload). */
  upload: boolean
  run: Handler
}

/** The methods a `/query` call may have: reads are GET (and HEAD), changes are POST. */
export type QueryMethod = 'GET' | 'POST'

/** A route as registered, for listings and documentation. */
export interface RouteInfo {
  method: QueryMethod
  path: string
  /** True for upload routes: their body is a raw file, not JSON. */
  upload: boolean
  /** The plugin that registered it (`kernel` for core's own), set while its routes() runs. */
  owner: string | undefined
  /** What the route says of itself (route-description.ts); undefined when it says nothing. */
  description: RouteDescription | undefined
}

/**
 * What follows a route's path: its middleware, optionally led by its description
 * (`router.get(path, describe({...}), ...middleware)`).
 */
export type RouteChain = [RouteDescription, ...QueryMiddleware[]] | QueryMiddleware[]

const noop = async (): Promise<void> => undefined

/**
 * The `/query` router plugins fill: `router.get(path, ...middleware)` and `router.post(...)`, with
 * `:name` parameters and a final `*` for the rest of a path, read from `ctx.params`. Paths are looked
 * up in a radix tree (find-my-way), so the cost of a call does not grow with the number of routes,
 * and each route's middleware chain is composed once, when it is registered.
 */
export class QueryRouter {
  readonly prefix = '/query'
  private readonly tree = FindMyWay({
    caseSensitive: true,
    ignoreTrailingSlash: false,
    // Long enough for any URL Node accepts (its header limit is 16 KiB), so an over-long drive path
    // reaches its route and is refused with the name codes, not a bare 404.
    maxParamLength: 16_384,
  })
  private readonly registered: RouteInfo[] = []
  private owner: string | undefined

  /** Registers a read; HEAD is answered by the same middleware. */
  get<D extends RouteDescription>(
    path: string,
    description: D,
    ...middleware: DescribedMiddleware<D>[]
  ): this
  get(path: string, ...middleware: QueryMiddleware[]): this
  get(path: string, ...chain: RouteChain): this {
    this.add('GET', path, chain)
    return this
  }

  /** Registers a state-changing call. */
  post<D extends RouteDescription>(
    path: string,
    description: D,
    ...middleware: DescribedMiddleware<D>[]
  ): this
  post(path: string, ...middleware: QueryMiddleware[]): this
  post(path: string, ...chain: RouteChain): this {
    this.add('POST', path, chain)
    return this
  }

  /**
   * Registers a POST whose body is a file, not JSON: the kernel leaves the request stream for the
   * route to read with `readUpload(ctx, limit)`.
   */
  upload<D extends RouteDescription>(
    path: string,
    description: D,
    ...middleware: DescribedMiddleware<D>[]
  ): this
  upload(path: string, ...middleware: QueryMiddleware[]): this
  upload(path: string, ...chain: RouteChain): this {
    this.add('POST', path, chain, true)
    return this
  }

  /** Every registered route, in registration order. */
  get routes(): readonly RouteInfo[] {
    return this.registered
  }

  /** Runs `register` with the routes it adds named as `owner`'s (the document's tags). */
  registerAs(owner: string, register: () => void): void {
    const previous = this.owner
    this.owner = owner
    try {
      register()
    } finally {
      this.owner = previous
    }
  }

  /** The route for a method and path, or null. */
  match(method: string, path: string): MatchedRoute | null {
    const found = this.tree.find(method as 'GET', path)
    if (!found) return null
    const store = found.store as RouteStore
    return {
      path: store.path,
      params: found.params as Record<string, string>,
      upload: store.upload,
      run: store.run,
    }
  }

  /** The methods registered for a path, for a 405's Allow header. */
  methodsFor(path: string): QueryMethod[] {
    return (['GET', 'POST'] as const).filter((method) => this.tree.find(method, path) !== null)
  }

  private add(method: QueryMethod, path: string, chain: RouteChain, upload = false): void {
    const [first, ...rest] = chain
    const description = typeof first === 'object' ? first : undefined
    const middleware = (description ? rest : chain) as QueryMiddleware[]
    if (!path.startsWith('/'))
      throw new KernelError('SW_PLUGIN_INVALID', `route path "${path}" must start with /`)
    if (middleware.length === 0)
      throw new KernelError('SW_PLUGIN_INVALID', `${method} ${path} has no middleware`)
    const full = this.prefix + path
    // The description's schemas are checked just before the route's last middleware, its handler:
    // after its guards (access, rate limits), as a handler's own checks ran before.
    const check = inputCheck(description, upload)
    const handler: RouteStore = { run: routeHandler(middleware, check), upload, path: full }
    const methods = method === 'GET' ? (['GET', 'HEAD'] as const) : ([method] as const)
    for (const each of methods) {
      try {
        // find-my-way hands the store back on a match: the composed chain travels with the route.
        this.tree.on(each, full, () => undefined, handler)
      } catch (error) {
        if (/already declared/.test(String((error as Error).message)))
          throw new KernelError('SW_ROUTE_DUPLICATE', `${each} ${full} is registered twice`)
        throw error
      }
    }
    this.registered.push({ method, path: full, upload, owner: this.owner, description })
  }
}

/**
 * A route's middleware as one handler, the input check (when its description gives schemas) just
 * before the last one. A route that is only its handler, most of them, runs it directly: no
 * composed dispatcher and no bound `next` per request, which koa-compose makes for every step.
 */
function routeHandler(middleware: QueryMiddleware[], check: InputCheck | undefined): Handler {
  if (middleware.length === 1) {
    const only = middleware[0]!
    return check
      ? (ctx) => {
          try {
            ctx.input = check(ctx)
            return Promise.resolve(only(ctx, noop))
          } catch (error) {
            return Promise.reject(error)
          }
        }
      : (ctx) => {
          try {
            return Promise.resolve(only(ctx, noop))
          } catch (error) {
            return Promise.reject(error)
          }
        }
  }
  const chained: QueryMiddleware[] = check
    ? [
        ...middleware.slice(0, -1),
        (ctx, next) => {
          ctx.input = check(ctx)
          return next()
        },
        middleware[middleware.length - 1]!,
      ]
    : middleware
  const composed = compose(chained) as unknown as (
    ctx: QueryContext,
    next: () => Promise<void>,
  ) => Promise<unknown>
  return (ctx) => composed(ctx, noop)
}
