import { describe, expect, it } from 'vitest'
import { createError } from '@shopwright/core'
import { sessionOf } from '../testing/index.js'
import { COOKIELESS_LIMIT, SessionStarts, START_LIMIT } from './session-starts.js'
import type { PendingSession } from './session-writer.js'

const pending = (id: string, address: string, proven: boolean): PendingSession => ({
  ...sessionOf({ id, startedAt: 0 }),
  address,
  proven,
})

/** A limiter of `points` per limit and key, refusing as the kernel's does (a 429). */
function limiter(points: Record<string, number>) {
  const used = new Map<string, number>()
  const calls: string[] = []
  return {
    calls,
    consume(name: string, key: string): Promise<void> {
      calls.push(`${name} ${key}`)
      const count = (used.get(`${name} ${key}`) ?? 0) + 1
      used.set(`${name} ${key}`, count)
      return count > (points[name] ?? 0)
        ? Promise.reject(createError('ERROR_TOO_MANY_REQUESTS', { status: 429 }))
        : Promise.resolve()
    },
  }
}

describe('the sessions an address may start', () => {
  it('stores known sessions, and new ones within their budget, metering only the new ones', async () => {
    const limits = limiter({ [START_LIMIT]: 1, [COOKIELESS_LIMIT]: 2 })
    const metered: number[] = []
    const starts = new SessionStarts(
      { existing: () => Promise.resolve(new Set(['known'])) },
      limits,
      { start: true, cookieless: true },
      { add: (_name: string, amount = 1) => void metered.push(amount) },
    )
    const admitted = await starts.admit([
      pending('known', '198.51.100.7', false),
      pending('a', '198.51.100.7', false),
      pending('b', '198.51.100.7', false),
      pending('c', '198.51.100.7', false),
      pending('d', '198.51.100.7', true),
      pending('e', '198.51.100.7', true),
      // Another address, and an IPv6 client counted by its /64.
      pending('f', '2001:db8:1:2::9', false),
    ])
    expect(admitted.map((session) => session.id)).toEqual(['known', 'a', 'b', 'd', 'f'])
    expect(metered).toEqual([4])
    expect(limits.calls).toContain(`${COOKIELESS_LIMIT} 2001:db8:1:2::/64`)
    expect(limits.calls.some((call) => call.endsWith('known'))).toBe(false)
  })

  it('takes every new session when a budget is switched off, or the limiter itself fails', async () => {
    const starts = new SessionStarts(
      { existing: () => Promise.resolve(new Set<string>()) },
      {
        consume: () => Promise.reject(new Error('limiter down')),
      },
      { start: false, cookieless: true },
    )
    const admitted = await starts.admit([
      pending('a', '192.0.2.1', true),
      pending('b', '192.0.2.1', false),
    ])
    expect(admitted.map((session) => session.id)).toEqual(['a', 'b'])
  })
})
