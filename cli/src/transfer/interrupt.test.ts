import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { INTERRUPTED_EXIT, listenForInterrupt } from './interrupt.js'

/** A process stand-in: its SIGINT listeners, and the exit codes asked for. */
function fakeProcess() {
  const events = new EventEmitter()
  const exits: number[] = []
  return {
    events,
    exits,
    processLike: {
      on: (name: string, listener: () => void) => events.on(name, listener),
      off: (name: string, listener: () => void) => events.off(name, listener),
      exit: (code?: number) => void exits.push(code ?? 0),
    } as unknown as Pick<NodeJS.Process, 'on' | 'off' | 'exit'>,
  }
}

describe('Ctrl+C during a transfer', () => {
  it('aborts the signal on the first, and ends the process with 130 on the second', () => {
    const { events, exits, processLike } = fakeProcess()
    const said: string[] = []
    const interruption = listenForInterrupt((line) => said.push(line), processLike)
    expect(interruption.interrupted).toBe(false)
    events.emit('SIGINT')
    expect(interruption.signal.aborted).toBe(true)
    expect(interruption.interrupted).toBe(true)
    expect(exits).toEqual([])
    expect(said).toEqual(['Stopping after the current step (Ctrl+C again to stop at once)...'])
    events.emit('SIGINT')
    expect(exits).toEqual([INTERRUPTED_EXIT])
    expect(said.at(-1)).toBe('Stopped at once: what was written so far stays.')
  })

  it('stops listening when the work ends', () => {
    const { events, processLike } = fakeProcess()
    const interruption = listenForInterrupt(() => undefined, processLike)
    expect(events.listenerCount('SIGINT')).toBe(1)
    interruption.end()
    expect(events.listenerCount('SIGINT')).toBe(0)
  })
})
