/** The plugin's record type, security record, admin address and `/query` prefix all share its name. */
export const __CONST__ = '__NAME__'

/** A __NAME__ record as the list call answers it: the record's fields and its likes. */
export interface __TITLE__Row {
  id: string
  title: string
  message: string
  likes: number
}
