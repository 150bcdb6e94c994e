/**
 * The editor's limits: highlighting up to 200,000 characters, 300 undo steps, changes within
 * 300 ms undone as one. Apart from the CodeMirror chunk, so the screens can read them without
 * loading it.
 */

/** Above this many characters the editor stops highlighting: parsing would make typing lag. */
export const HIGHLIGHT_LIMIT = 200_000

/** Undo steps kept at the least. */
export const HISTORY_DEPTH = 300

/** Changes closer together than this (ms) undo as one step. */
export const HISTORY_GROUP_DELAY = 300

/** What the file view asks of the editor it shows. */
export interface EditorHandle {
  /** The text as it is now. */
  text(): string
  /** Replaces the whole text as one undoable change (Format). */
  replace(text: string): void
  /** Marks this text as the one stored: the editor is unsaved again only when it differs. */
  saved(text: string): void
}
