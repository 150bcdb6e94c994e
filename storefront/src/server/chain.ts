import type { Middleware, Next } from 'koa'

/**
 * Runs middlewares in order as one, like koa-compose: each one's `next` runs the one after, and the
 * last one's runs the `next` the chain was given. (Written out here rather than adding koa-compose
 * as a dependency: it is these few lines.)
 */
export function chain<State>(...middlewares: ReadonlyArray<Middleware<State>>): Middleware<State> {
  return (ctx, next) => {
    const run = async (index: number): Promise<void> => {
      const middleware = middlewares[index]
      if (!middleware) return next() as Promise<void>
      let called = false
      const nextOne: Next = () => {
        // Twice would run the rest of the chain twice: a bug in a middleware, reported as one.
        if (called) return Promise.reject(new Error('next() called more than once'))
        called = true
        return run(index + 1)
      }
      await middleware(ctx, nextOne)
    }
    return run(0)
  }
}
