/** Browser-safe translation code: the set's shape and the table editor's edits. */
export * from './types.js'
export * from './entries.js'
