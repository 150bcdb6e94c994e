import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { createAccessLog } from '../http/access-log.js'
import { createLogger } from '../logger.js'
import { CopyingStream, LogCopy, logCopyOf, NOT_COPIED, type CopiedRecord } from './log-copy.js'

/** A logger on a CopyingStream whose process log is kept in `lines`. */
function logged(level: pino.LevelWithSilent, capacity?: number) {
  const lines: string[] = []
  const copy = new LogCopy(capacity)
  const mainLevel = level === 'silent' ? Infinity : pino.levels.values[level]!
  const stream = new CopyingStream(
    { write: (text: string) => void lines.push(text) },
    mainLevel,
    copy,
  )
  const logger = pino({ level: mainLevel <= 40 ? level : 'warn' }, stream)
  return { logger, lines, copy }
}

const record = (index: number): CopiedRecord => ({
  time: index,
  level: 40,
  msg: `line ${index}`,
  object: {},
  bindings: {},
})

describe("the logger's copy", () => {
  it('hands warn and above to the copy unserialised, with the child bindings, and prints by LOG_LEVEL', () => {
    const { logger, lines, copy } = logged('error')
    const error = new Error('boom')
    logger.info('not printed, not copied')
    logger.warn({ count: 2n }, 'copied, not printed')
    logger.child({ plugin: 'drive' }).error({ err: error }, 'copied and printed')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['copied and printed'])
    const [warning, failure] = copy.take()
    expect(warning).toMatchObject({ level: 40, msg: 'copied, not printed', bindings: {} })
    expect(warning!.object.count).toBe(2n)
    expect(failure).toMatchObject({
      level: 50,
      msg: 'copied and printed',
      bindings: { plugin: 'drive' },
    })
    expect(failure!.object.err).toBe(error)
    expect(copy.pending).toBe(0)
  })

  it('leaves out lines marked NOT_COPIED, by their object or their logger', () => {
    const { logger, lines, copy } = logged('info')
    logger.child(NOT_COPIED).error('the store failed')
    logger.warn({ ...NOT_COPIED, lines: 3 }, 'the store failed again')
    expect(copy.pending).toBe(0)
    expect(lines).toHaveLength(2)
  })

  it("leaves out the lines of a NOT_COPIED logger's children and grandchildren", () => {
    const { logger, lines, copy } = logged('info')
    const quiet = logger.child(NOT_COPIED)
    quiet.child({ x: 1 }).error('a child of the quiet logger')
    quiet.child({ x: 1 }).child({ y: 2 }).warn('a grandchild of the quiet logger')
    logger.child({ plugin: 'log' }).child(NOT_COPIED).error('made quiet a level down')
    // Its sibling and its parent are copied: the mark is in the chain, not on the process.
    logger.child({ x: 1 }).error('a child of the loud logger')
    expect(copy.take().map((each) => [each.msg, each.bindings])).toEqual([
      ['a child of the loud logger', { x: 1 }],
    ])
    expect(lines).toHaveLength(4)
  })

  it('sends text written past pino (the batched access log) to the process log only', () => {
    const { logger, lines, copy } = logged('info')
    logger.warn('a warning first')
    const access = createAccessLog(logger)
    access.write({ id: 'r1', method: 'GET', url: '/x', status: 200, ms: 1 })
    access.flush()
    expect(copy.take().map((each) => each.msg)).toEqual(['a warning first'])
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['a warning first', 'request'])
  })

  it('keeps at most its bound, dropping the oldest and counting them', () => {
    const copy = new LogCopy(3)
    for (let index = 0; index < 5; index++) copy.push(record(index))
    expect(copy.take().map((each) => each.time)).toEqual([2, 3, 4])
    expect(copy.takeDropped()).toBe(2)
    expect(copy.takeDropped()).toBe(0)
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

  it('costs its bounded queue and no timer while nobody takes its lines', () => {
    const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' })
    const copy = logCopyOf(logger)!
    // Fake timers hold every timeout, interval and immediate scheduled, kept alive (ref) or not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] })
    try {
      for (let index = 0; index < copy.capacity * 3; index++) logger.error({ index }, 'unkept')
      // None: a node without a log plugin pays a push per line.
      expect(vi.getTimerCount()).toBe(0)
      expect(copy.pending).toBe(copy.capacity)
      expect(copy.takeDropped()).toBe(copy.capacity * 2)
      // The measure sees one: a taker is woken through an immediate.
      copy.onBacklog(() => undefined)
      logger.error('one more')
      expect(vi.getTimerCount()).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('is what createLogger attaches, filled even when LOG_LEVEL is silent', () => {
    const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' })
    logger.info('no')
    logger.error('yes')
    expect(
      logCopyOf(logger)!
        .take()
        .map((each) => each.msg),
    ).toEqual(['yes'])
    expect(logCopyOf(pino())).toBeUndefined()
  })
})
