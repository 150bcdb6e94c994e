import { createError, type Entity } from '@shopwright/core'

/** What guards one thing a plugin keeps outside the records (a drive folder). */
export interface SubjectGuard {
  /** The thing as people know it: its path. */
  name: string
  /**
   * The security record whose entries decide, or null when none does (only administrators, or
   * the rule `note` says).
   */
  security: string | null
  /** Where that record is set, when not on the thing itself: an ancestor, or empty for the default. */
  setOn?: string
  /** Everyone may view it, whatever the record says (the drive's `public`). */
  everyoneViews?: boolean
  /** What else decides, an English phrase the admin shows translated. */
  note?: string
  /** The rights the record gives on this one, when fewer than its kind's (`personal`: view). */
  rights?: ReadonlyArray<'view' | 'edit' | 'create' | 'delete' | 'publish'>
}

/**
 * A kind of thing guarded by security records that a plugin keeps itself (docs/security.md, "The
 * permissions matrix"): the matrix's "Who can do this" offers it next to the record types.
 */
export interface SecuritySubject {
  /** Its key in the calls: 1-32 of `a-z0-9-`. */
  kind: string
  /** What one of them is called, an English phrase (`Drive folder`). */
  name: string
  /** The admin's editor that picks one (a datatype a plugin's admin supplies), else text. */
  datatype?: string
  /** The rights that mean something on one (all five when left out). */
  rights?: ReadonlyArray<'view' | 'edit' | 'create' | 'delete' | 'publish'>
  /**
   * The guard of one (`key`: its path), as `entity` may learn it: a catalogue error (404) for one
   * that does not exist or that they may not view, so the call tells nobody what is hidden.
   */
  guard(entity: Entity | null, key: string): Promise<SubjectGuard>
}

const KIND = /^[a-z0-9-]{1,32}$/

/** The kinds plugins add in their bootstrap (`services.securitySubjects.add(...)`). */
export class SecuritySubjects {
  private readonly subjects = new Map<string, SecuritySubject>()

  add(subject: SecuritySubject): void {
    if (!KIND.test(subject.kind))
      throw new Error(`security subject kind "${subject.kind}": 1-32 of a-z0-9-`)
    if (this.subjects.has(subject.kind))
      throw new Error(`security subject kind "${subject.kind}" is added twice`)
    this.subjects.set(subject.kind, subject)
  }

  /** The kinds, in the order they were added. */
  list(): Array<Pick<SecuritySubject, 'kind' | 'name' | 'datatype' | 'rights'>> {
    return [...this.subjects.values()].map(({ kind, name, datatype, rights }) => ({
      kind,
      name,
      ...(datatype ? { datatype } : {}),
      ...(rights ? { rights } : {}),
    }))
  }

  /** The guard of one thing of a kind; 400 for a kind nobody added. */
  async guard(entity: Entity | null, kind: string, key: string): Promise<SubjectGuard> {
    const subject = this.subjects.get(kind)
    if (!subject)
      throw createError('ERROR_INVALID_INPUT', { reason: `kind: no such kind "${kind}"` })
    return subject.guard(entity, key)
  }
}
