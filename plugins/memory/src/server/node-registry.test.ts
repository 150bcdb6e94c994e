import { expect, it } from 'vitest'
import type { Logger } from '@shopwright/core'
import { NodeRegistry } from './node-registry.js'

// With Redis, the registry is tested through two kernels (test/two-nodes.test.ts): both nodes
// listed with their figures on either, and a node that stops leaving the list.
it('knows only this node without Redis, and keeps a failing reporter out of its reports', async () => {
  const logged: string[] = []
  // The registry logs a failing reporter's error and nothing else.
  const logger = { error: (_: unknown, message: string) => void logged.push(message) } as Logger
  const alone = new NodeRegistry('alone', null, logger)
  await alone.start()
  alone.report('figures', () => 1)
  alone.report('broken', () => {
    throw new Error('no figures')
  })
  const view = await alone.nodes()
  expect(view.redis).toBe('off')
  expect(view.nodes).toMatchObject([{ id: 'alone', pid: process.pid, reports: { figures: 1 } }])
  expect(view.nodes[0]!.reports).not.toHaveProperty('broken')
  expect(logged).toEqual(['node reporter failed'])
  await alone.close()
})
