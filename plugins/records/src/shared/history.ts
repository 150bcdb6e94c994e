/*
 * What the history and draft calls answer (docs/api.md, "History" and "Drafts"): one shape for the
 * server that writes it and the admin that reads it.
 */

/**
 * How a version came to be (docs/history.md, "What a version is"): `created` and `saved` by a
 * person's create and saves (a person's saves within a few minutes of each other are one version),
 * `published` from a draft, `restored` from an older version, `renamed` by a change of id,
 * `earlier` as the record stood before a write that kept no version (a seed, an import, the
 * system), kept when that state was replaced.
 */
export const VERSION_KINDS = [
  'created',
  'saved',
  'published',
  'restored',
  'renamed',
  'earlier',
] as const
export type VersionKind = (typeof VERSION_KINDS)[number]

/** One version as listed: everything but its body. */
export interface VersionSummary {
  number: number
  kind: VersionKind
  /** When it was saved (ms); an `earlier` version: when it was replaced. */
  time: number
  /** `type|id` of who saved it, `unknown` for an `earlier` version. */
  actor: string
  /** Their name when it was saved, so a name stays when the account goes. */
  actorName: string
  note: string
  /** The `records.version` the record had with this body: the newest version is current when equal. */
  recordVersion: number
}

/** A run of words of a difference: kept, or only in the newer (`added`) or older (`removed`) text. */
export interface TextPart {
  value: string
  added?: true
  removed?: true
}

/** One field that differs between two versions (docs/history.md, "Comparing versions"). */
export interface FieldDifference {
  field: string
  /** The field's name in its record type, or its id when the type no longer has it. */
  name: string
  datatype: string
  /** The values as stored; null for a password field, which is never shown. */
  before: unknown
  after: unknown
  /**
   * Text, long text and rich text: the words in order, marked where they differ (rich text read as
   * text, one line per block). Absent when the texts cannot be paired: shown whole.
   */
  parts?: TextPart[]
}

/** A draft as the draft calls answer it, without its body (docs/history.md, "Drafts"). */
export interface DraftState {
  /** A record never published: only its draft exists, and no reader sees it. */
  isNew: boolean
  /** The fields the draft changed: what Publish writes over the live record. */
  changed: string[]
  savedAt: number
  /** `type|id` of who saved it last, and their name then. */
  actor: string
  actorName: string
  /** Bumped by each save: a save or publish that read an older one tries again or refuses. */
  revision: number
  /** When it publishes by itself (epoch ms), and who asked for it; null when not scheduled. */
  publishAt: number | null
  scheduledBy: string | null
}

/** When a published record leaves the site by itself (docs/history.md, "Unpublishing"). */
export interface UnpublishTime {
  /** Epoch ms. */
  at: number
  /** The name of who set it. */
  by: string
}

/** A draft's preview link (docs/history.md, "Live preview"): the preview call's answer. */
export interface PreviewLink {
  token: string
  /** When it stops working, epoch ms. */
  expiresAt: number
  /** The storefront page with the token, or null when no route shows records of that type. */
  href: string | null
}

/** Someone else with a draft open, as another editor is told (docs/history.md, "Editing together"). */
export interface OtherEditor {
  /** Their name (or e-mail) as the draft's saves name them. */
  name: string
  /** The caller themself, in another tab or window. */
  self: boolean
  /** When they opened it (epoch ms). */
  since: number
}

/** What an open editor's sign of life answers: who else has the draft open, and its state now. */
export interface EditorsAnswer {
  editors: OtherEditor[]
  draft: DraftState | null
}
