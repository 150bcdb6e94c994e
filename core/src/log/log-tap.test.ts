import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { createAccessLog } from '../http/access-log.js'
import { createLogger } from '../logger.js'
import { EARLY_LINES, NOT_COPIED, tapLog, tappedLogger, type CopiedRecord } from './log-tap.js'

/** A tapped logger whose process log is kept in `lines`, and a listener that keeps what it hears. */
function logged(level: pino.LevelWithSilent) {
  const lines: string[] = []
  const logger = tappedLogger({ write: (text: string) => void lines.push(text) }, level)
  const heard: CopiedRecord[] = []
  const untap = tapLog(logger, (record) => void heard.push(record))
  return { logger, lines, heard, untap }
}

describe("the logger's tap", () => {
  it('hands warn and above to its listeners unserialised, with the child bindings, and prints by LOG_LEVEL', () => {
    const { logger, lines, heard } = logged('error')
    const error = new Error('boom')
    logger.info('not printed, not handed')
    logger.warn({ count: 2n }, 'handed, not printed')
    logger.child({ plugin: 'drive' }).error({ err: error }, 'handed and printed')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['handed and printed'])
    const [warning, failure] = heard
    expect(warning).toMatchObject({ level: 40, msg: 'handed, not printed', bindings: {} })
    expect(warning!.object.count).toBe(2n)
    expect(failure).toMatchObject({
      level: 50,
      msg: 'handed and printed',
      bindings: { plugin: 'drive' },
    })
    expect(failure!.object.err).toBe(error)
    expect(heard).toHaveLength(2)
  })

  it('leaves out lines marked NOT_COPIED, by their object or their logger', () => {
    const { logger, lines, heard } = logged('info')
    logger.child(NOT_COPIED).error('the store failed')
    logger.warn({ ...NOT_COPIED, lines: 3 }, 'the store failed again')
    expect(heard).toHaveLength(0)
    expect(lines).toHaveLength(2)
  })

  it("leaves out the lines of a NOT_COPIED logger's children and grandchildren", () => {
    const { logger, lines, heard } = logged('info')
    const quiet = logger.child(NOT_COPIED)
    quiet.child({ x: 1 }).error('a child of the quiet logger')
    quiet.child({ x: 1 }).child({ y: 2 }).warn('a grandchild of the quiet logger')
    logger.child({ plugin: 'log' }).child(NOT_COPIED).error('made quiet a level down')
    // Its sibling and its parent are handed: the mark is in the chain, not on the process.
    logger.child({ x: 1 }).error('a child of the loud logger')
    expect(heard.map((each) => [each.msg, each.bindings])).toEqual([
      ['a child of the loud logger', { x: 1 }],
    ])
    expect(lines).toHaveLength(4)
  })

  it('sends text written past pino (the batched access log) to the process log only', () => {
    const { logger, lines, heard } = logged('info')
    logger.warn('a warning first')
    const access = createAccessLog(logger)
    access.write({ id: 'r1', method: 'GET', url: '/x', status: 200, ms: 1 })
    access.flush()
    expect(heard.map((each) => each.msg)).toEqual(['a warning first'])
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['a warning first', 'request'])
  })

  it('keeps the last lines logged before anyone listens, hands them to the first listener, with the count lost', () => {
    const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' })
    logger.info('below warn: never kept')
    for (let index = 0; index < EARLY_LINES + 5; index++)
      logger.child({ plugin: 'boot' }).warn({ index }, 'early')
    const first: Array<[number, number]> = []
    // Tapped through a child (a plugin's own logger): the listener hears the whole logger.
    const untap = tapLog(logger.child({ plugin: 'log' }), (record, lost) =>
      first.push([record.object.index as number, lost]),
    )
    expect(first).toHaveLength(EARLY_LINES)
    expect(first[0]).toEqual([5, 5])
    expect(first.at(-1)).toEqual([EARLY_LINES + 4, 0])
    expect(first.slice(1).every(([, lost]) => lost === 0)).toBe(true)
    // A second listener starts from now: the early lines were handed over once.
    const second: number[] = []
    tapLog(logger, (record) => void second.push(record.object.index as number))
    logger.error({ index: -1 }, 'live')
    expect(second).toEqual([-1])
    expect(first.at(-1)).toEqual([-1, 0])
    // Untapped, the first hears nothing more; untapping twice is harmless.
    untap()
    untap()
    logger.error({ index: -2 }, 'live again')
    expect(first.at(-1)).toEqual([-1, 0])
    expect(second).toEqual([-1, -2])
  })

  it('never lets a listener fail a logging call, nor hears what a listener logs itself', () => {
    const { logger, lines } = logged('info')
    const heard: string[] = []
    tapLog(logger, (record) => {
      heard.push(record.msg ?? '')
      logger.warn('said by a listener')
      throw new Error('the listener broke')
    })
    expect(() => logger.error('a failure')).not.toThrow()
    expect(heard).toEqual(['a failure'])
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['said by a listener', 'a failure'])
  })

  it('costs its bounded early lines and no timer while nobody listens, even when LOG_LEVEL is silent', () => {
    const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' })
    // Fake timers hold every timeout, interval and immediate scheduled, kept alive (ref) or not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] })
    try {
      for (let index = 0; index < 3000; index++) logger.error({ index }, 'unheard')
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
    const heard: Array<[unknown, number]> = []
    tapLog(logger, (record, lost) => void heard.push([record.object.index, lost]))
    expect(heard).toHaveLength(EARLY_LINES)
    expect(heard[0]).toEqual([3000 - EARLY_LINES, 3000 - EARLY_LINES])
    // A logger createLogger did not make hands nothing.
    expect(tapLog(pino({ level: 'silent' }), () => undefined)()).toBeUndefined()
  })
})
