import { describe, expect, it } from 'vitest'
import pino from 'pino'
import { Writable } from 'node:stream'
import { ThrottledWarning } from './throttled-warning.js'

function capture(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  return { logger: pino({ level: 'warn' }, stream), lines }
}

describe('ThrottledWarning', () => {
  it('logs each kind once per interval, then says how many it left out, without stacks', async () => {
    const { logger, lines } = capture()
    const warnings = new ThrottledWarning(logger, 50)
    for (let i = 0; i < 5; i++) warnings.warn('get', new Error('Command timed out'), 'redis failed')
    warnings.warn('set', new Error('Connection is closed.'), 'redis failed')
    await new Promise((resolve) => setTimeout(resolve, 60))
    warnings.warn('get', new Error('Command timed out'), 'redis failed')
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines.map(({ kind, reason, suppressed }) => ({ kind, reason, suppressed }))).toEqual([
      { kind: 'get', reason: 'Command timed out', suppressed: undefined },
      { kind: 'set', reason: 'Connection is closed.', suppressed: undefined },
      { kind: 'get', reason: 'Command timed out', suppressed: 4 },
    ])
    expect(lines.every((line) => line.err === undefined)).toBe(true)
  })
})
