import type { TranslationsSettings } from './settings.js'
import { createError, type Meters } from '@shopwright/core'
import { LibreTranslateProvider } from './libretranslate.js'
import { ProviderError, type TranslationProvider } from './translation-provider.js'

/** The most texts one call takes (the editor's Auto-Fill of a large set stays under it). */
export const TRANSLATE_MAX_TEXTS = 10_000
/** Texts per request to the provider, and the characters one request may carry. */
export const TRANSLATE_BATCH_TEXTS = 100
export const TRANSLATE_BATCH_CHARS = 20_000

/** Splits texts into requests of at most TRANSLATE_BATCH_TEXTS texts and about TRANSLATE_BATCH_CHARS characters. */
export function batches(texts: readonly string[]): string[][] {
  const out: string[][] = []
  let current: string[] = []
  let chars = 0
  for (const text of texts) {
    if (
      current.length > 0 &&
      (current.length >= TRANSLATE_BATCH_TEXTS || chars + text.length > TRANSLATE_BATCH_CHARS)
    ) {
      out.push(current)
      current = []
      chars = 0
    }
    current.push(text)
    chars += text.length
  }
  if (current.length) out.push(current)
  return out
}

/** The meter of characters sent for machine translation (billing prices it). */
export const TRANSLATION_METER = 'translation.characters'

/**
 * Machine translation through the configured provider (`TRANSLATE_URL`: a LibreTranslate server).
 * Long lists go out in batches, one at a time, each with the `TRANSLATE_TIMEOUT` limit; any
 * failure fails the whole call, so a caller saves all of it or nothing. The characters (Unicode
 * code points) of each batch the provider answers count on the `translation.characters` meter.
 */
export class MachineTranslation {
  private readonly provider: TranslationProvider | null

  constructor(
    settings: TranslationsSettings,
    provider?: TranslationProvider,
    private readonly meters?: Pick<Meters, 'add'>,
  ) {
    this.provider =
      provider ??
      (settings.translateUrl
        ? new LibreTranslateProvider(settings.translateUrl, settings.translateApiKey)
        : null)
    this.timeout = settings.translateTimeout
  }

  private readonly timeout: number

  get configured(): boolean {
    return this.provider !== null
  }

  async translate(from: string, to: string, texts: readonly string[]): Promise<string[]> {
    if (!this.provider) throw createError('ERROR_TRANSLATE_NOT_CONFIGURED')
    if (texts.length > TRANSLATE_MAX_TEXTS)
      throw createError('ERROR_INVALID_INPUT', {
        reason: `At most ${TRANSLATE_MAX_TEXTS} texts per call.`,
      })
    const out: string[] = []
    for (const batch of batches(texts)) {
      // Blank texts need no service (and some answer them oddly).
      const asked = batch.filter((text) => text.trim() !== '')
      let answered: string[] = []
      if (asked.length) {
        try {
          answered = await this.provider.translate(
            from,
            to,
            asked,
            AbortSignal.timeout(this.timeout),
          )
          this.meters?.add(TRANSLATION_METER, characters(asked))
        } catch (error) {
          if (error instanceof ProviderError)
            throw createError(
              error.kind === 'timeout' ? 'ERROR_TRANSLATE_TIMEOUT' : 'ERROR_TRANSLATE_FAILED',
              { reason: error.message },
            )
          throw error
        }
      }
      let next = 0
      for (const text of batch) out.push(text.trim() === '' ? text : answered[next++]!)
    }
    return out
  }
}

/** The characters of texts, as a translation service counts them: Unicode code points. */
export function characters(texts: readonly string[]): number {
  let count = 0
  for (const text of texts) for (const _ of text) count++
  return count
}
