import { describe, expect, it } from 'vitest'
import { prettyLogs } from '../logger.js'
import { readableEntry } from './pretty-destination.js'

describe('the pretty process log', () => {
  it('reads a request as its method, address, status and time, and anything else as it is', () => {
    const request = `{"level":30,"time":1,"pid":7,"hostname":"vm","id":"r1","method":"GET","url":"/data/item?x=\\"1\\"","status":200,"ms":4.7,"msg":"request"}`
    expect(readableEntry(request)).toEqual({
      level: 30,
      time: 1,
      msg: 'GET /data/item?x="1" 200 4.7 ms',
    })
    // A line that names a record keeps its id and the rest.
    expect(readableEntry('{"level":40,"time":1,"type":"item","id":"cap","msg":"saved"}')).toEqual({
      level: 40,
      time: 1,
      type: 'item',
      id: 'cap',
      msg: 'saved',
    })
    // A line of a request without its method is not an access-log line.
    expect(readableEntry('{"level":30,"msg":"request","url":"/x"}')).toEqual({
      level: 30,
      msg: 'request',
      url: '/x',
    })
    for (const text of ['not json', '[1,2]', '42', 'null'])
      expect(readableEntry(text)).toBe(`${text}\n`)
  })

  it('is chosen by LOG_FORMAT, and with auto on a terminal or in development but never under tests', () => {
    const terminal = () => true
    const pipe = () => false
    expect(prettyLogs({ logFormat: 'pretty', nodeEnv: 'production' }, 1, pipe)).toBe(true)
    expect(prettyLogs({ logFormat: 'json', nodeEnv: 'development' }, 1, terminal)).toBe(false)
    expect(prettyLogs({ logFormat: 'auto', nodeEnv: 'production' }, 1, terminal)).toBe(true)
    expect(prettyLogs({ logFormat: 'auto', nodeEnv: 'production' }, 2, pipe)).toBe(false)
    expect(prettyLogs({ logFormat: 'auto', nodeEnv: 'development' }, 1, pipe)).toBe(true)
    expect(prettyLogs({ logFormat: 'auto', nodeEnv: 'test' }, 1, terminal)).toBe(false)
    // The descriptor asked about is the logger's own.
    const asked: number[] = []
    prettyLogs({ logFormat: 'auto', nodeEnv: 'production' }, 2, (fd) => (asked.push(fd), false))
    expect(asked).toEqual([2])
  })
})
