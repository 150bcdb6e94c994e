import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import type { TranslationValue } from '../src/shared/types.js'
import { TRANSLATIONS_SUITE } from './helpers.js'

// Each node caches the merged texts; a save on one must reach the other through Redis.
describePlugin('translation texts', { ...TRANSLATIONS_SUITE, nodes: 2 }, (site) => {
  const frenchOf = async (node: number, phrase: string) =>
    (await site.call(undefined, { url: '/query/translation/texts/fr?sets=general' }, node)).json<{
      texts: Record<string, string>
    }>().texts[phrase]

  it('a save on one node shows in the texts the other answers', async () => {
    const added = await site.call('developer', {
      method: 'POST',
      url: '/query/translation/update/general',
      payload: { add: [{ phrase: 'Two nodes', translations: { fr: 'Deux nœuds' } }] },
    })
    const entry = added.json<TranslationValue>().entries.at(-1)!
    // Both nodes now hold the texts in their caches.
    expect(await frenchOf(0, 'Two nodes')).toBe('Deux nœuds')
    expect(await frenchOf(1, 'Two nodes')).toBe('Deux nœuds')
    await site.call('developer', {
      method: 'POST',
      url: '/query/translation/update/general',
      payload: { changes: [{ id: entry.id, translations: { fr: 'Deux serveurs' } }] },
    })
    let seen: string | undefined
    for (let attempt = 0; attempt < 50 && seen !== 'Deux serveurs'; attempt++) {
      seen = await frenchOf(1, 'Two nodes')
      if (seen !== 'Deux serveurs') await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(seen).toBe('Deux serveurs')
  })
})
