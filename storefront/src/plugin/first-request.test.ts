import type { Context, Next } from 'koa'
import { describe, expect, it, vi } from 'vitest'
import { builtOnFirstRequest } from './first-request.js'

const ctx = {} as Context
const next: Next = () => Promise.resolve()

describe('builtOnFirstRequest', () => {
  it('builds nothing until the first request, then once for all the requests waiting', async () => {
    const served: number[] = []
    const build = vi.fn(async () => (_ctx: Context, _next: Next) => {
      served.push(served.length + 1)
      return Promise.resolve()
    })
    const middleware = builtOnFirstRequest(build)
    expect(build).not.toHaveBeenCalled()
    await Promise.all([middleware(ctx, next), middleware(ctx, next), middleware(ctx, next)])
    expect(build).toHaveBeenCalledTimes(1)
    expect(served).toEqual([1, 2, 3])
  })

  it('calls the built middleware directly once it is built: the same answer, no promise between', async () => {
    const answer = Promise.resolve()
    const middleware = builtOnFirstRequest(async () => () => answer)
    await middleware(ctx, next)
    expect(middleware(ctx, next)).toBe(answer)
  })

  it('keeps a failed build: every request answers its error and it is not tried again', async () => {
    const build = vi.fn(() => Promise.reject(new Error('the theme does not load')))
    const middleware = builtOnFirstRequest(build)
    await expect(middleware(ctx, next)).rejects.toThrow('the theme does not load')
    await expect(middleware(ctx, next)).rejects.toThrow('the theme does not load')
    expect(build).toHaveBeenCalledTimes(1)
  })
})
