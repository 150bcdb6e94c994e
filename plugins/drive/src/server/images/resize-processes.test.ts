import { describe, expect, it } from 'vitest'
import { MAX_INPUT_PIXELS } from './image-codec.js'
import { ImageDecodeError, ImageTimeoutError } from './image-errors.js'
import { ResizeProcesses } from './resize-processes.js'
import { blackPng, imageFacts, testImage } from './testing.js'

/** The deadline of the test that passes it: far below what its image takes to resize. */
const SHORT_DEADLINE_MS = 200

/** True while a process of this id exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('ResizeProcesses', () => {
  it('resizes in a child process, kept for the next resize, and stops it on close', async () => {
    const processes = new ResizeProcesses({ deadlineMs: 30_000 })
    const source = await testImage(300, 200, 'webp')
    const target = { width: 96, height: 64, format: 'webp' } as const
    let pid: number | undefined
    try {
      const out = await processes.resize(source, target, MAX_INPUT_PIXELS)
      expect(await imageFacts(out)).toEqual({ width: 96, height: 64, format: 'webp' })
      expect(processes.pids).toHaveLength(1)
      pid = processes.pids[0]!
      expect(pid).not.toBe(process.pid)
      await processes.resize(source, target, MAX_INPUT_PIXELS)
      expect(processes.pids).toEqual([pid])
      // A source libvips refuses is the source's fault: the process stays.
      const cut = (await testImage(200, 200, 'jpeg')).subarray(0, 400)
      await expect(
        processes.resize(cut, { width: 64, height: 64, format: 'jpeg' }, MAX_INPUT_PIXELS),
      ).rejects.toBeInstanceOf(ImageDecodeError)
      expect(processes.pids).toEqual([pid])
    } finally {
      await processes.close()
    }
    expect(alive(pid)).toBe(false)
  })

  it('kills a resize past its deadline, and the next resize has a process of its own', async () => {
    const processes = new ResizeProcesses({ deadlineMs: SHORT_DEADLINE_MS })
    try {
      // 40 million 16-bit RGBA pixels (some 320 MB to inflate and scale) in a file of some 300 KB.
      const slow = await blackPng(16_384, 2_441, true)
      const stopped = await processes
        .resize(slow, { width: 64, height: 10, format: 'png' }, MAX_INPUT_PIXELS)
        .catch((error: unknown) => error)
      expect(stopped).toBeInstanceOf(ImageTimeoutError)
      expect((stopped as Error).message).toBe(
        `The resize took more than ${SHORT_DEADLINE_MS} ms and was stopped.`,
      )
      // Gone before the refusal was answered: its memory with it.
      const killed = processes.killed.at(-1)!
      expect(alive(killed)).toBe(false)
      expect(processes.pids).toEqual([])
      const out = await processes.resize(
        await testImage(120, 80, 'png'),
        { width: 64, height: 43, format: 'png' },
        MAX_INPUT_PIXELS,
      )
      expect(await imageFacts(out)).toEqual({ width: 64, height: 43, format: 'png' })
      expect(processes.pids).toHaveLength(1)
      expect(processes.pids[0]).not.toBe(killed)
    } finally {
      await processes.close()
    }
  })
})
