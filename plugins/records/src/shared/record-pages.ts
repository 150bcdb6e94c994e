/*
 * What the calls on records' pages answer (docs/api.md, "Pages of records"): one shape for the
 * server that answers and the admin that reads it.
 */

/** A record type some page of the site shows, as the link chooser offers it. */
export interface PageType {
  type: string
  name: string
}

/** A record, by its type and id: the one a page of the site shows. */
export interface ShownRecord {
  type: string
  id: string
}
