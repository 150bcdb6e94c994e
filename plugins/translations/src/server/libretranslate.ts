import { baseLanguage } from '../shared/types.js'
import { ProviderError, type TranslationProvider } from './translation-provider.js'

interface LanguageInfo {
  code?: unknown
}

/**
 * The LibreTranslate HTTP API (the self-hostable open-source service; also what several hosted
 * services speak): `POST {url}/translate` with `{ q: [...], source, target, format: 'text',
 * api_key }` answers `{ translatedText: [...] }`. Language codes are the site's where the server
 * knows them (`GET {url}/languages`), else their part before the hyphen (`en` for `en-us`).
 */
export class LibreTranslateProvider implements TranslationProvider {
  readonly name = 'libretranslate'
  private known: Promise<Set<string>> | undefined

  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
  ) {}

  async translate(
    from: string,
    to: string,
    texts: readonly string[],
    signal: AbortSignal,
  ): Promise<string[]> {
    const [source, target] = await Promise.all([this.code(from, signal), this.code(to, signal)])
    const body = await this.call(
      '/translate',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: texts,
          source,
          target,
          format: 'text',
          ...(this.apiKey ? { api_key: this.apiKey } : {}),
        }),
      },
      signal,
    )
    const translated = (body as { translatedText?: unknown } | null)?.translatedText
    if (!Array.isArray(translated) || translated.length !== texts.length)
      throw new ProviderError(
        `LibreTranslate answered ${Array.isArray(translated) ? `${translated.length} texts for ${texts.length}` : 'without a list of texts'}.`,
        'failed',
      )
    return translated.map((each, index) => {
      if (typeof each !== 'string')
        throw new ProviderError(`LibreTranslate answered a non-text at ${index}.`, 'failed')
      return each
    })
  }

  /** The server's code for a language: the site's own when it has it, else the base language. */
  private async code(language: string, signal: AbortSignal): Promise<string> {
    this.known ??= this.languages(signal).catch(() => {
      this.known = undefined
      return new Set<string>()
    })
    const known = await this.known
    const exact = [...known].find((code) => code.toLowerCase() === language.toLowerCase())
    return exact ?? baseLanguage(language)
  }

  private async languages(signal: AbortSignal): Promise<Set<string>> {
    const body = await this.call('/languages', { headers: { accept: 'application/json' } }, signal)
    if (!Array.isArray(body)) return new Set()
    return new Set(
      (body as LanguageInfo[]).flatMap((each) =>
        typeof each?.code === 'string' ? [each.code] : [],
      ),
    )
  }

  private async call(path: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(
        new URL(path.slice(1), this.url.endsWith('/') ? this.url : `${this.url}/`),
        {
          ...init,
          signal,
        },
      )
    } catch (error) {
      if (signal.aborted)
        throw new ProviderError('LibreTranslate did not answer in time.', 'timeout')
      throw new ProviderError(
        `LibreTranslate could not be reached: ${(error as Error).message}`,
        'failed',
      )
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      if (signal.aborted)
        throw new ProviderError('LibreTranslate did not answer in time.', 'timeout')
      throw new ProviderError(
        `LibreTranslate answered HTTP ${response.status} without JSON.`,
        'failed',
      )
    }
    if (!response.ok) {
      const message = (body as { error?: unknown } | null)?.error
      throw new ProviderError(
        `LibreTranslate answered HTTP ${response.status}${typeof message === 'string' ? `: ${message}` : ''}.`,
        'failed',
      )
    }
    return body
  }
}
