import { describe, expect, it, vi } from 'vitest'
import {
  batches,
  characters,
  MachineTranslation,
  TRANSLATE_BATCH_CHARS,
  TRANSLATE_BATCH_TEXTS,
} from './machine-translation.js'
import { ProviderError, type TranslationProvider } from './translation-provider.js'
import type { TranslationsSettings } from './settings.js'

describe('translation batches', () => {
  it('cuts by count and by characters, keeping order and every text', () => {
    const many = Array.from({ length: 250 }, (_, index) => `t${index}`)
    const byCount = batches(many)
    expect(byCount.map((batch) => batch.length)).toEqual([
      TRANSLATE_BATCH_TEXTS,
      TRANSLATE_BATCH_TEXTS,
      50,
    ])
    expect(byCount.flat()).toEqual(many)
    const long = 'x'.repeat(TRANSLATE_BATCH_CHARS / 2 + 1)
    expect(batches([long, long, 'y']).map((batch) => batch.length)).toEqual([1, 2])
    expect(batches([])).toEqual([])
  })
})

describe('the translation.characters meter', () => {
  const settings = { translateTimeout: 1_000 } as TranslationsSettings
  const echo: TranslationProvider = {
    name: 'echo',
    translate: (_from, _to, texts) => Promise.resolve(texts.map((text) => `[${text}]`)),
  }

  it('counts the characters of each batch the provider answered, blanks left out', async () => {
    const add = vi.fn()
    const machine = new MachineTranslation(settings, echo, { add })
    // 'Crème' is 5 code points, '👍' one (two UTF-16 units); the blank one is never sent.
    expect(await machine.translate('en', 'fr', ['Crème', '  ', '👍'])).toEqual([
      '[Crème]',
      '  ',
      '[👍]',
    ])
    expect(add).toHaveBeenCalledExactlyOnceWith('translation.characters', 6)
    const many = Array.from({ length: TRANSLATE_BATCH_TEXTS + 1 }, () => 'ab')
    add.mockClear()
    await machine.translate('en', 'fr', many)
    expect(add.mock.calls).toEqual([
      ['translation.characters', 2 * TRANSLATE_BATCH_TEXTS],
      ['translation.characters', 2],
    ])
  })

  it('counts nothing for a batch that failed', async () => {
    const add = vi.fn()
    const failing: TranslationProvider = {
      name: 'down',
      translate: () => Promise.reject(new ProviderError('the service is down', 'failed')),
    }
    await expect(
      new MachineTranslation(settings, failing, { add }).translate('en', 'fr', ['x']),
    ).rejects.toThrow()
    expect(add).not.toHaveBeenCalled()
    expect(characters(['', 'é', '👍👍'])).toBe(3)
  })
})
