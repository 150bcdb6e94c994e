import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRepeater } from './repeat.js'

describe('createRepeater', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('steps at once, then every 100 ms until stopped', () => {
    const repeater = createRepeater()
    const step = vi.fn()
    repeater.start(step)
    expect(step).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(99)
    expect(step).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(step).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(300)
    expect(step).toHaveBeenCalledTimes(5)
    repeater.stop()
    expect(repeater.running).toBe(false)
    vi.advanceTimersByTime(1000)
    expect(step).toHaveBeenCalledTimes(5)
  })

  it('replaces a running repeat with a new one', () => {
    const repeater = createRepeater()
    const first = vi.fn()
    const second = vi.fn()
    repeater.start(first)
    repeater.start(second)
    vi.advanceTimersByTime(100)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
    repeater.stop()
    repeater.stop()
  })
})
