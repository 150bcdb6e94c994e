import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import { createKernel, definePlugin, type Kernel } from '../src/index.js'
import { redisSkipReason, redisUrlForTests, tempDataDir, testConfig } from '../src/testing/index.js'
import path from 'node:path'

const logger = pino({ level: 'silent' })
const PERIOD = 250

/** A plugin whose task notes each run: which node ran it and when it was due. */
function ticking(runs: Array<{ node: string; due: number }>, node: string) {
  return definePlugin({
    name: 'ticking',
    bootstrap({ services }) {
      services.schedule.every('ticking.tick', PERIOD, async ({ due }) => {
        runs.push({ node, due })
      })
    },
  })
}

const opened: Kernel[] = []
afterAll(async () => {
  await Promise.all(opened.map((kernel) => kernel.close()))
})

const eventually = async (check: () => boolean, attempts = 200): Promise<void> => {
  for (let attempt = 0; attempt < attempts && !check(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 25))
  if (!check()) throw new Error('condition not met in time')
}

describe('scheduled tasks', () => {
  it.skipIf(redisSkipReason())('run once per period across two nodes on one Redis', async () => {
    const runs: Array<{ node: string; due: number }> = []
    const dataDir = tempDataDir()
    const config = testConfig({
      dataDir,
      databaseUrl: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
      redisUrl: redisUrlForTests(),
      redisPrefix: `swt${crypto.randomBytes(4).toString('hex')}`,
    })
    for (const node of ['a', 'b']) {
      const kernel = await createKernel({ config, plugins: [ticking(runs, node)], logger })
      opened.push(kernel)
    }
    await eventually(() => runs.length >= 8)
    const dues = runs.map((run) => run.due)
    // One run per period: no period was run by both nodes, and the runs are a period apart.
    expect(new Set(dues).size).toBe(dues.length)
    const sorted = [...dues].sort((x, y) => x - y)
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(PERIOD - 5)
  })

  it('run on this node without Redis, never twice at once, and stop on close', async () => {
    const runs: Array<{ node: string; due: number }> = []
    const kernel = await createKernel({
      config: testConfig(),
      plugins: [ticking(runs, 'only')],
      logger,
    })
    await eventually(() => runs.length >= 2)
    await kernel.close()
    const seen = runs.length
    await new Promise((resolve) => setTimeout(resolve, PERIOD * 2))
    expect(runs.length).toBe(seen)
  })

  it('refuses a task declared twice or with a bad name or period', async () => {
    const kernel = await createKernel({ config: testConfig(), plugins: [], logger })
    opened.push(kernel)
    const task = async (): Promise<void> => undefined
    kernel.services.schedule.every('once', 1_000, task)
    expect(() => kernel.services.schedule.every('once', 1_000, task)).toThrow(/twice/)
    expect(() => kernel.services.schedule.every('Bad name', 1_000, task)).toThrow(/task name/)
    expect(() => kernel.services.schedule.every('quick', 5, task)).toThrow(/period/)
  })
})
