/**
 * One language's texts of some translation sets: what a page renderer (the storefront) asks the
 * translations plugin for, as the optional service `translationSource`.
 */
export interface TranslationSource {
  /**
   * The kernel cache type the texts are kept in. Whoever caches something rendered from them
   * clears it first, so no rendering can pair old texts with a fresh cache entry.
   */
  readonly cacheType: string
  /**
   * The texts by phrase of the sets, merged in the order given (a later set wins), each phrase in
   * the language, else its base (`fr` for `fr-ca`), else the set's default language.
   */
  texts(language: string, sets: readonly string[]): Promise<Record<string, string>>
}
