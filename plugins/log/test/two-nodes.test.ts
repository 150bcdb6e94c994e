import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { addPage, LOG_SUITE, page } from './helpers.js'

// Two nodes of one site: one database, one Redis.
describePlugin('the log', { ...LOG_SUITE, nodes: 2 }, (site) => {
  /** The manager's first page of the log on each node. */
  const pages = () =>
    Promise.all(site.nodes.map((node, index) => page(node, site.cookie('manager', index))))

  it('shows a line written on either node on both', async () => {
    // A record change on the first node, in its transaction.
    const created = await site.call('manager', {
      method: 'POST',
      url: '/query/data/create',
      payload: { type: 'webpage', id: 'shared', headline: 'Shared' },
    })
    expect(created.statusCode, created.body).toBe(200)
    // A server error on the second, from its copy.
    expect((await site.call('manager', { url: '/query/probe/fail' }, 1)).statusCode).toBe(500)
    await site.nodes[1]!.services.log.flush()
    for (const answer of await pages()) {
      expect(answer.list[0]).toMatchObject({ level: 'error', name: 'server.kernel' })
      expect(answer.list[1]).toMatchObject({ name: 'webpage.shared', actor: site.actor('manager') })
    }
  })

  it('clears for both with one clear, and the other node writes nothing copied before it', async () => {
    const [first, second] = site.nodes
    // Copied on the first node, not written yet when the second clears.
    first!.logger.child({ plugin: 'probe' }).warn('said before the clear')
    const cleared = await site.call('manager', { method: 'POST', url: '/query/log/clear' }, 1)
    expect(cleared.statusCode, cleared.body).toBe(200)
    // The clear's event reaches the first node through Redis.
    await sleep(300)
    await first!.services.log.flush()
    for (const answer of await pages()) {
      expect(answer.list.map((line) => [line.name, line.actor])).toEqual([
        ['server.log', site.actor('manager')],
      ])
    }
    await addPage(first!, 'after')
    expect((await page(second!, site.cookie('manager', 1))).list.map((line) => line.name)).toEqual([
      'webpage.after',
      'server.log',
    ])
  })
})
