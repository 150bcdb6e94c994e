import { createLogger, tapLog, type CopiedRecord } from '@shopwright/core'
import { describe, expect, it, vi } from 'vitest'
import { LogCopy } from './log-copy.js'

const record = (index: number): CopiedRecord => ({
  time: index,
  level: 40,
  msg: `line ${index}`,
  object: {},
  bindings: {},
})

describe("the log's copy", () => {
  it('keeps at most its bound, dropping the oldest and counting them', () => {
    const copy = new LogCopy(3)
    for (let index = 0; index < 5; index++) copy.push(record(index))
    expect(copy.take().map((each) => each.time)).toEqual([2, 3, 4])
    expect(copy.takeDropped()).toBe(2)
    expect(copy.takeDropped()).toBe(0)
  })

  it('counts the lines the kernel lost before the tap with its own', () => {
    const copy = new LogCopy(3)
    copy.push(record(0), 7)
    copy.push(record(1))
    expect(copy.take()).toHaveLength(2)
    expect(copy.takeDropped()).toBe(7)
  })

  it('takes lines back in front after a failed write, within its bound', () => {
    const copy = new LogCopy(4)
    for (let index = 0; index < 3; index++) copy.push(record(index))
    const taken = copy.take(2)
    copy.push(record(3))
    copy.push(record(4))
    copy.giveBack(taken, 5)
    // Room for one of the two: the newer stays, the other is counted with the 5 given back.
    expect(copy.take().map((each) => each.time)).toEqual([1, 2, 3, 4])
    expect(copy.takeDropped()).toBe(6)
  })

  it('wakes its taker once a quarter full, and once per take', async () => {
    const copy = new LogCopy(8)
    const woken = vi.fn()
    copy.onBacklog(woken)
    for (let index = 0; index < 6; index++) copy.push(record(index))
    await new Promise((resolve) => setImmediate(resolve))
    expect(woken).toHaveBeenCalledTimes(1)
    copy.take()
    copy.push(record(7))
    copy.push(record(8))
    await new Promise((resolve) => setImmediate(resolve))
    expect(woken).toHaveBeenCalledTimes(2)
  })

  it("fills from the kernel's logger tap, whatever LOG_LEVEL says, and schedules only a wake", () => {
    const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' })
    const copy = new LogCopy(8)
    const untap = tapLog(logger, (line, lost) => copy.push(line, lost))
    // Fake timers hold every timeout, interval and immediate scheduled, kept alive (ref) or not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] })
    try {
      logger.info('below warn')
      for (let index = 0; index < 24; index++) logger.error({ index }, 'kept')
      // Nobody is woken: a copy without a taker costs its bounded queue and a push per line.
      expect(vi.getTimerCount()).toBe(0)
      expect(copy.pending).toBe(8)
      expect(copy.takeDropped()).toBe(16)
      copy.onBacklog(() => undefined)
      logger.error('one more')
      expect(vi.getTimerCount()).toBe(1)
    } finally {
      vi.useRealTimers()
      untap()
    }
    logger.error('after the untap')
    expect(copy.take().map((each) => each.msg)).not.toContain('after the untap')
  })
})
