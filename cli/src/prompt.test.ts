import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ask, Cancelled, isYes } from './prompt.js'

/** A stand-in terminal: what is typed goes in, what would be shown is collected. */
function streams() {
  const input = new PassThrough()
  const output = new PassThrough()
  let shown = ''
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()))
  return { input, output, shown: () => shown }
}

describe('ask', () => {
  it('answers a hidden line without showing what was typed', async () => {
    const io = streams()
    const answer = ask('Password: ', { hidden: true }, io)
    io.input.write('hunter22\r')
    expect(await answer).toBe('hunter22')
    expect(io.shown()).toContain('Password: ')
    expect(io.shown()).not.toContain('hunter22')
  })

  it('shows what is typed for an ordinary question', async () => {
    const io = streams()
    const answer = ask('Sure? ', {}, io)
    io.input.write('yes\r')
    expect(await answer).toBe('yes')
    expect(io.shown()).toContain('yes')
  })

  it('stops on Ctrl+C and on the end of input', async () => {
    const interrupted = streams()
    const first = ask('Password: ', { hidden: true }, interrupted)
    interrupted.input.write('abc\u0003')
    await expect(first).rejects.toBeInstanceOf(Cancelled)
    const ended = streams()
    const second = ask('Sure? ', {}, ended)
    ended.input.end()
    await expect(second).rejects.toBeInstanceOf(Cancelled)
  })
})

describe('isYes', () => {
  it.each([
    ['y', true],
    ['Yes', true],
    [' YES ', true],
    ['', false],
    ['n', false],
    ['yess', false],
  ])('%o is %s', (answer, expected) => {
    expect(isYes(answer)).toBe(expected)
  })
})
