import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import translations from '../src/index.js'
import type { TranslationValue } from '../src/shared/types.js'
import { bootTranslations, call } from './helpers.js'

for (const database of databasesUnderTest()) {
  // Each node caches the merged texts; a save on one must reach the other through Redis.
  describe.skipIf(database.skip || redisSkipReason())(
    `translation texts on two nodes of one ${database.name} and Redis`,
    () => {
      let first: Kernel
      let second: Kernel
      let developer: string
      let close: () => Promise<void>

      const frenchOf = async (kernel: Kernel, phrase: string) =>
        (await call(kernel, undefined, { url: '/query/translation/texts/fr?sets=general' })).json<{
          texts: Record<string, string>
        }>().texts[phrase]

      beforeAll(async () => {
        const shared = { redisUrl: redisUrlForTests(), redisPrefix: `swtr${Date.now()}` }
        const booted = await bootTranslations(database, shared)
        first = booted.kernel
        developer = booted.cookies.developer
        second = await createKernel({
          config: testConfig({ databaseUrl: booted.url, ...shared }),
          plugins: [records, account, translations],
        })
        close = async () => {
          await second.close()
          await booted.close()
        }
      })
      afterAll(() => close())

      it('a save on one node shows in the texts the other answers', async () => {
        const added = await call(first, developer, {
          method: 'POST',
          url: '/query/translation/update/general',
          payload: { add: [{ phrase: 'Two nodes', translations: { fr: 'Deux nœuds' } }] },
        })
        const entry = added.json<TranslationValue>().entries.at(-1)!
        // Both nodes now hold the texts in their caches.
        expect(await frenchOf(first, 'Two nodes')).toBe('Deux nœuds')
        expect(await frenchOf(second, 'Two nodes')).toBe('Deux nœuds')
        await call(first, developer, {
          method: 'POST',
          url: '/query/translation/update/general',
          payload: { changes: [{ id: entry.id, translations: { fr: 'Deux serveurs' } }] },
        })
        let seen: string | undefined
        for (let attempt = 0; attempt < 50 && seen !== 'Deux serveurs'; attempt++) {
          seen = await frenchOf(second, 'Two nodes')
          if (seen !== 'Deux serveurs') await new Promise((resolve) => setTimeout(resolve, 20))
        }
        expect(seen).toBe('Deux serveurs')
      })
    },
  )
}
