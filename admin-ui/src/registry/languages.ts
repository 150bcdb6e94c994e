import type { PhraseTexts, QueryClient } from '@shopwright/client'

/** The site's languages, the first its default, and the first of its currencies (or null). */
export interface SiteLocale {
  languages: string[]
  currency: string | null
}

/**
 * What the site says about its languages (the records plugin: the web configuration and the
 * `language` list). The admin opens in one of them and its language menu offers them.
 */
export interface SiteLanguagesProvider {
  /** The site's languages and currency; null when the caller may not read them (signed out, no right). */
  locale(client: QueryClient): Promise<SiteLocale | null>
  /** The languages' names by code, for the menu; empty when the caller may not read them. */
  names(client: QueryClient): Promise<Readonly<Record<string, string>>>
}

/** The admin's own texts per language (the translations plugin's sets). */
export interface TextsProvider {
  /** One language's texts of everything the admin shows; rejects when they cannot be had. */
  texts(client: QueryClient, language: string): Promise<PhraseTexts>
  /**
   * The languages the texts are kept in: the menu's list for staff who may not read the site's.
   * Null when the caller may not read them either.
   */
  languages(client: QueryClient): Promise<string[] | null>
}
