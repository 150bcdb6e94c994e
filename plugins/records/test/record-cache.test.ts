import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import records from '../src/index.js'

const eventually = async (check: () => Promise<boolean>): Promise<void> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('not in time')
}

describePlugin('cached record text', { plugins: [records], nodes: 2 }, (site) => {
  /** The site's two nodes, the first one first. */
  const nodes = () => [site.kernel, site.nodes[1]!] as const

  it('serves the stored text as JSON, and every store write drops the cached copy on both nodes', async () => {
    const [first, second] = nodes()
    const store = first.containerOf('records').cradle.recordStore
    await store.insert({ type: 'note', id: 'n1', text: 'one', nested: { a: [1, 2] } })
    expect(
      JSON.parse((await second.containerOf('records').cradle.recordStore.getText('note', 'n1'))!),
    ).toEqual({
      type: 'note',
      id: 'n1',
      text: 'one',
      nested: { a: [1, 2] },
    })
    expect(await first.containerOf('records').cradle.recordStore.get('note', 'n1')).toMatchObject({
      text: 'one',
    })

    await store.replace({ type: 'note', id: 'n1', text: 'two' })
    expect(await store.get('note', 'n1')).toEqual({ type: 'note', id: 'n1', text: 'two' })
    await eventually(
      async () =>
        (await second.containerOf('records').cradle.recordStore.get('note', 'n1'))?.text === 'two',
    )

    await store.bin('note', 'n1')
    expect(await store.get('note', 'n1')).toBeNull()
    await eventually(
      async () =>
        (await second.containerOf('records').cradle.recordStore.get('note', 'n1')) === null,
    )

    await store.restore('note', 'n1')
    await eventually(
      async () =>
        (await second.containerOf('records').cradle.recordStore.get('note', 'n1'))?.text === 'two',
    )
    await store.remove('note', 'n1')
    await eventually(
      async () =>
        (await second.containerOf('records').cradle.recordStore.get('note', 'n1')) === null,
    )
  })

  it('drops both ids on a rename', async () => {
    const [first, second] = nodes()
    const store = first.containerOf('records').cradle.recordStore
    await store.insert({ type: 'note', id: 'old', text: 'x' })
    expect(await second.containerOf('records').cradle.recordStore.get('note', 'old')).not.toBeNull()
    const stored = (await store.getStored('note', 'old'))!
    expect(await store.rename({ type: 'note', id: 'new', text: 'x' }, 'old', stored.version)).toBe(
      true,
    )
    await eventually(
      async () =>
        (await second.containerOf('records').cradle.recordStore.get('note', 'old')) === null,
    )
    expect(await second.containerOf('records').cradle.recordStore.get('note', 'new')).toMatchObject(
      { id: 'new' },
    )
  })
})
