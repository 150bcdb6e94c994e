import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PageData } from '@shopwright/storefront/shared'
import {
  INTL_WARM_LIMIT_MS,
  intlWarmRequest,
  warmIntl,
  type InputTarget,
  type WarmWorker,
} from './intl-warm.js'

/** A worker that records what it is sent and answers when told to. */
function fakeWorker() {
  const sent: unknown[] = []
  const worker: WarmWorker & { terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage: (message: unknown) => void sent.push(message),
    terminate() {
      worker.terminated = true
    },
  }
  return { worker, sent, answer: () => worker.onmessage?.(new MessageEvent('message')) }
}

describe('warmIntl', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('asks for the page language and the site currencies, each code once', () => {
    const data = {
      language: 'fr',
      site: { currencies: [{ code: 'usd' }, { code: 'EUR' }, { code: 'USD' }, { code: 'bad!' }] },
    } as unknown as PageData
    expect(intlWarmRequest(data)).toEqual({ language: 'fr', currencies: ['USD', 'EUR'] })
  })

  it('resolves when the worker answers', async () => {
    const { worker, sent, answer } = fakeWorker()
    let resolved = false
    const ready = warmIntl(
      { language: 'en', currencies: ['USD'] },
      { start: () => worker, target: new EventTarget() },
    ).then(() => (resolved = true))
    expect(sent).toEqual([{ language: 'en', currencies: ['USD'] }])
    await Promise.resolve()
    expect(resolved).toBe(false)
    answer()
    await ready
    expect(resolved).toBe(true)
    expect(worker.terminated).toBe(false)
  })

  it('stops waiting for a worker that does not answer', async () => {
    const { worker } = fakeWorker()
    const ready = warmIntl(
      { language: 'en', currencies: [] },
      { start: () => worker, target: new EventTarget() },
    )
    vi.advanceTimersByTime(INTL_WARM_LIMIT_MS)
    await ready
    expect(worker.terminated).toBe(true)
  })

  it("stops waiting at the visitor's first input, and stops listening", async () => {
    const { worker } = fakeWorker()
    const target = new EventTarget()
    const removed: string[] = []
    const listening: InputTarget = {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: (type, listener, options) => {
        removed.push(type)
        target.removeEventListener(type, listener, options)
      },
    }
    const ready = warmIntl(
      { language: 'en', currencies: [] },
      { start: () => worker, target: listening },
    )
    target.dispatchEvent(new Event('pointerdown'))
    await ready
    expect(removed).toEqual(['pointerdown', 'mousedown', 'touchstart', 'keydown'])
  })

  it('resolves at once where no worker can start', async () => {
    await warmIntl(
      { language: 'en', currencies: [] },
      {
        start: () => {
          throw new Error('no workers here')
        },
        target: new EventTarget(),
      },
    )
  })
})
