import { describe, expect, it } from 'vitest'
import pino from 'pino'
import { createAccessLog } from './access-log.js'

function capture(level: pino.Level = 'info') {
  const chunks: string[] = []
  const logger = pino({ level }, { write: (text: string) => void chunks.push(text) })
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { logger, chunks, lines }
}

describe('access log', () => {
  it('writes the same fields pino would, as valid JSON, escaping what needs it', () => {
    const { logger, lines } = capture()
    const log = createAccessLog(logger)
    const urls = [
      '/query/server/info?x=1',
      '/query/a"b\\c',
      '/query/caf\u00e9/\u2028',
      '/query/%00\u0001',
    ]
    for (const url of urls) log.write({ id: 'req-1', method: 'GET', url, status: 200, ms: 1.5 })
    log.flush()
    const written = lines()
    expect(written.map((line) => line.url)).toEqual(urls)
    const reference = capture()
    reference.logger.info(
      { id: 'req-1', method: 'GET', url: urls[0], status: 200, ms: 1.5 },
      'request',
    )
    const expected = reference.lines()[0]!
    expect(Object.keys(written[0]!)).toEqual(Object.keys(expected))
    expect({ ...written[0], time: 0 }).toEqual({ ...expected, time: 0 })
  })

  it('batches lines into few writes and flushes on demand', () => {
    const { logger, chunks, lines } = capture()
    const log = createAccessLog(logger)
    for (let i = 0; i < 600; i++)
      log.write({ id: `r${i}`, method: 'POST', url: '/query/x', status: 201, ms: 0 })
    expect(chunks.length).toBe(2)
    log.flush()
    expect(chunks.length).toBe(3)
    expect(lines()).toHaveLength(600)
    log.flush()
    expect(chunks.length).toBe(3)
  })

  it('keeps the order of lines of any length, and non-ASCII bindings, intact', () => {
    const { logger, lines } = capture()
    const log = createAccessLog(logger.child({ shop: 'caf\u00e9' }))
    const long = `/query/${'x'.repeat(60_000)}`
    const urls = ['/query/a', long, '/query/\u00e9', long, '/query/b']
    for (const url of urls) log.write({ id: 'r', method: 'GET', url, status: 200, ms: 0 })
    log.flush()
    expect(lines().map((line) => line.url)).toEqual(urls)
    expect(lines().map((line) => line.shop)).toEqual(urls.map(() => 'caf\u00e9'))
  })

  it('writes nothing when info is not enabled', () => {
    const { logger, chunks } = capture('warn')
    const log = createAccessLog(logger)
    log.write({ id: 'r', method: 'GET', url: '/', status: 200, ms: 0 })
    log.flush()
    expect(chunks).toEqual([])
  })
})
