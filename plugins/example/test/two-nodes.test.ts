import { expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import type { CurrentAnnouncement } from '../src/index.js'
import { addAnnouncement, call, EXAMPLE_SUITE } from './helpers.js'

// Each node caches the published announcements; a change on one must reach the other.
describePlugin('announcements', { ...EXAMPLE_SUITE, nodes: 2 }, (site) => {
  const currentOn = async (kernel: Kernel) =>
    (await call(kernel, undefined, { url: '/query/announcements/current' }))
      .json<CurrentAnnouncement[]>()
      .map((each) => each.id)

  it('a publish on one node shows in the list the other answers', async () => {
    const [first, second] = [site.nodes[0]!, site.nodes[1]!]
    await addAnnouncement(first, 'sale')
    // Both nodes now hold the (empty) list in their caches.
    expect(await currentOn(first)).toEqual([])
    expect(await currentOn(second)).toEqual([])
    const reply = await site.call('marketer', {
      method: 'POST',
      url: '/query/announcements/publish/sale',
      payload: { published: true },
    })
    expect(reply.statusCode).toBe(200)
    await expect.poll(() => currentOn(second)).toEqual(['sale'])
  })
})
