import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { inject } from '@shopwright/core/testing'
import { chain } from './chain.js'
import { PASSED_ON, testApp } from './test-app.js'

describe('chain', () => {
  it('runs the middlewares in order, each around the rest, then the next the chain was given', async () => {
    const order: string[] = []
    const step =
      (name: string): Middleware =>
      async (_ctx, next) => {
        order.push(`${name} in`)
        await next()
        order.push(`${name} out`)
      }
    const reply = await inject(testApp([chain(step('a'), step('b'))]), { url: '/' })
    expect(reply.body).toBe(PASSED_ON)
    expect(order).toEqual(['a in', 'b in', 'b out', 'a out'])
  })

  it('stops where a middleware answers without calling next', async () => {
    const answer: Middleware = (ctx) => {
      ctx.body = 'answered'
    }
    const never: Middleware = () => {
      throw new Error('not reached')
    }
    expect((await inject(testApp([chain(answer, never)]), { url: '/' })).body).toBe('answered')
  })

  it('passes errors out to the middlewares before it', async () => {
    const failing: Middleware = () => Promise.reject(new Error('boom'))
    const catching: Middleware = async (ctx, next) => {
      try {
        await next()
      } catch (error) {
        ctx.body = `caught ${(error as Error).message}`
      }
    }
    const reply = await inject(testApp([chain(catching, chain(failing))]), { url: '/' })
    expect(reply.body).toBe('caught boom')
  })

  it('refuses a second next() from one middleware', async () => {
    const twice: Middleware = async (ctx, next) => {
      await next()
      ctx.body = await next().then(
        () => 'ran twice',
        (error: Error) => error.message,
      )
    }
    const reply = await inject(testApp([chain(twice)]), { url: '/' })
    expect(reply.body).toBe('next() called more than once')
  })
})
