import { describe, expect, it } from 'vitest'
import { doneText, finishedTask, formatElapsed, progressText } from './build-progress.mjs'

describe("npm start's build progress", () => {
  it("reads a finished task from turbo's grouped header lines only", () => {
    expect(
      finishedTask('@shopwright/core:build: cache hit, suppressing logs 4f32f0d711bda5ac'),
    ).toEqual({
      name: '@shopwright/core',
      built: false,
    })
    expect(
      finishedTask('@shopwright/plugin-commerce:build: cache miss, executing 781af93a'),
    ).toEqual({
      name: '@shopwright/plugin-commerce',
      built: true,
    })
    expect(finishedTask('@shopwright/core:build: cache bypass, force executing 4f32')).toEqual({
      name: '@shopwright/core',
      built: true,
    })
    for (const line of [
      '@shopwright/core:build: ESM dist/index.js 13.54 KB',
      '@shopwright/core:build: > tsup',
      ' Tasks:    2 successful, 2 total',
      '',
    ])
      expect(finishedTask(line), line).toBeNull()
  })

  it('says how many of how many, the last package done and the time so far', () => {
    expect(formatElapsed(999)).toBe('0 s')
    expect(formatElapsed(12_400)).toBe('12 s')
    expect(formatElapsed(65_000)).toBe('1 min 05 s')
    expect(progressText({ done: 7, total: 22, last: '@shopwright/core', elapsedMs: 72_000 })).toBe(
      'Building Shopwright: 7 of 22 packages · last done: @shopwright/core · 1 min 12 s',
    )
    expect(progressText({ done: 0, total: 22, last: '', elapsedMs: 0 })).toBe(
      'Building Shopwright: 0 of 22 packages · 0 s',
    )
    expect(doneText({ total: 22, built: 0, elapsedMs: 900 })).toBe(
      'Shopwright is built: 22 packages up to date (0 s)',
    )
    expect(doneText({ total: 22, built: 3, elapsedMs: 95_000 })).toBe(
      'Built 3 of 22 packages (19 up to date) in 1 min 35 s',
    )
  })
})
