import { addPluginError, type ErrorDefinition } from './catalogue.js'

/** A plugin's own codes: each with its English message and HTTP status. */
export type ErrorTable = Readonly<Record<string, ErrorDefinition>>

/** The codes of a table, for a plugin's `interface ErrorCodes` augmentation. */
export type ErrorCodesOf<T extends ErrorTable> = { readonly [K in keyof T]: true }

/**
 * Declares a plugin's error codes and makes their English known wherever the module loads: on the
 * server, and in the browser when the plugin's admin or theme code imports it, so both apps can
 * show a plugin's message without a round trip. Browser-safe. The plugin passes the table to
 * `definePlugin({ errors })`, where the kernel checks every entry and refuses a code another plugin
 * or core declares (docs/plugins.md, "Error codes").
 */
export function defineErrors<const T extends ErrorTable>(table: T): T {
  for (const [code, definition] of Object.entries(table)) addPluginError(code, definition)
  return Object.freeze(table)
}
