/**
 * What the admin UI, the storefront and plugins' screens share beside core's browser-safe part
 * (`@shopwright/core/shared`: error catalogue, ids, access rules): the `/query` client, the record
 * model its answers follow, input rules, translation and formatting. Browser-safe; the servers'
 * checks and the storefront's server render use it too.
 */
export * from './query-url.js'
export * from './query-error.js'
export * from './query-client.js'
export * from './device-fingerprint.js'
export { CDN_NOTE, describeNonJsonAnswer } from './page-headings.js'
export * from './locale.js'
export * from './translate.js'
export { phraseArguments, selectPlurals } from './plural.js'
export { collatorFor, foldText, numberFormatFor, pluralRulesFor } from './intl.js'
export * from './money.js'
export * from './colour.js'
export * from './record-model.js'
export * from './validation.js'
export * from './localized.js'
