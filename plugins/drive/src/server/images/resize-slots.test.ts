import { describe, expect, it } from 'vitest'
import { isAppError } from '@shopwright/core'
import { ResizeSlots } from './resize-slots.js'

/** A promise and its resolve, to hold work open. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

describe('ResizeSlots', () => {
  it('runs at most `concurrency` at once and the rest in order as slots free', async () => {
    const slots = new ResizeSlots(2, 10)
    const gates = Array.from({ length: 5 }, gate)
    const started: number[] = []
    let peak = 0
    const runs = gates.map((each, index) =>
      slots.run(async () => {
        started.push(index)
        peak = Math.max(peak, slots.load.running)
        await each.promise
        return index
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect(slots.load).toEqual({ running: 2, waiting: 3 })
    gates[1]!.open()
    await runs[1]
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([0, 1, 2])
    for (const each of gates) each.open()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4])
    expect(peak).toBe(2)
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })

  it('frees the slot of work that fails', async () => {
    const slots = new ResizeSlots(1, 1)
    await expect(slots.run(() => Promise.reject(new Error('decode')))).rejects.toThrow('decode')
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next')
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses with 429 and Retry-After once the queue is full, without running the work', async () => {
    const slots = new ResizeSlots(1, 1)
    const hold = gate()
    const first = slots.run(() => hold.promise)
    const second = slots.run(() => Promise.resolve())
    let ran = false
    const third = slots.run(async () => {
      ran = true
    })
    const refusal = await third.then(
      () => null,
      (error: unknown) => error,
    )
    expect(isAppError(refusal)).toBe(true)
    expect(refusal).toMatchObject({
      code: 'ERROR_TOO_MANY_REQUESTS',
      status: 429,
      headers: { 'Retry-After': '2' },
    })
    expect(ran).toBe(false)
    hold.open()
    await Promise.all([first, second])
  })

  it('refuses a nonsense size', () => {
    expect(() => new ResizeSlots(0, 1)).toThrow(RangeError)
    expect(() => new ResizeSlots(1, -1)).toThrow(RangeError)
  })
})
