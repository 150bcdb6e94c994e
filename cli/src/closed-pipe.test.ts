import { PassThrough } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { endQuietlyOnClosedPipe } from './closed-pipe.js'

describe('a closed pipe on stdout', () => {
  it('ends the command quietly with 0, and any other write error with 1', () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream
    const exit = vi.fn()
    endQuietlyOnClosedPipe(stream, exit)
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
    expect(exit).toHaveBeenLastCalledWith(0)
    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    stream.emit('error', Object.assign(new Error('no space left'), { code: 'ENOSPC' }))
    expect(exit).toHaveBeenLastCalledWith(1)
    expect(String(said.mock.calls[0]?.[0])).toContain('no space left')
    said.mockRestore()
  })
})
