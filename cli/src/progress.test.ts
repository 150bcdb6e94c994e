import { describe, expect, it } from 'vitest'
import { progressFor, type ProgressStream } from './progress.js'
import { formatBytes, formatDuration } from './sizes.js'

function recorder(isTTY: boolean): ProgressStream & { text: string } {
  return {
    isTTY,
    columns: 100,
    text: '',
    write(chunk: string) {
      this.text += chunk
    },
  }
}

describe('progress bars', () => {
  it('draw in place on a terminal, and end on a full bar and a new line', () => {
    const stream = recorder(true)
    let time = 0
    const bar = progressFor(stream, {}, () => time).bar('records', 4)
    bar.tick(1)
    time += 200
    bar.tick(1, 2048)
    bar.end()
    const frames = stream.text.split('\r\u001b[2K').filter(Boolean)
    expect(frames[0]).toBe('records [######------------------]  25% 1/4')
    expect(frames[1]).toBe('records [############------------]  50% 2/4  2.0 KB')
    expect(frames.at(-1)).toBe('records [########################] 100% 4/4  2.0 KB\n')
  })

  it('counts bytes as sizes when its unit is bytes', () => {
    const stream = recorder(true)
    const bar = progressFor(stream, {}, () => 0).bar('checking', 4 * 1024 * 1024, 'bytes')
    bar.tick(1024 * 1024)
    bar.end()
    const frames = stream.text.split('\r\u001b[2K').filter(Boolean)
    expect(frames[0]).toBe('checking [######------------------]  25% 1.0 MB/4.0 MB')
    expect(frames.at(-1)).toBe('checking [########################] 100% 4.0 MB/4.0 MB\n')
  })

  it('redraws at most every 100 ms', () => {
    const stream = recorder(true)
    const bar = progressFor(stream, {}, () => 0).bar('files', 1000)
    for (let i = 0; i < 1000; i++) bar.tick()
    expect(stream.text.split('\r').length - 1).toBe(1)
  })

  it('draw nothing in a pipe or with NO_COLOR', () => {
    for (const [stream, env] of [
      [recorder(false), {}],
      [recorder(true), { NO_COLOR: '1' }],
    ] as const) {
      const bar = progressFor(stream, env).bar('records', 2)
      bar.tick()
      bar.end()
      expect(stream.text).toBe('')
    }
  })
})

describe('sizes and durations', () => {
  it('reads as a person would', () => {
    expect(formatBytes(512)).toBe('512 bytes')
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB')
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(3400)).toBe('3.4 s')
    expect(formatDuration(125_000)).toBe('2 min 5 s')
  })
})
