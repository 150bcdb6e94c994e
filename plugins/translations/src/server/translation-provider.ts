/**
 * A machine translation service. Adapters turn a list of texts from one language into another,
 * answering the texts in the same order; they throw on anything else.
 */
export interface TranslationProvider {
  readonly name: string
  translate(
    from: string,
    to: string,
    texts: readonly string[],
    signal: AbortSignal,
  ): Promise<string[]>
}

/** Why a provider call failed, so the caller can answer the right catalogue code. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'failed' | 'timeout',
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}
