import { isDeepStrictEqual } from 'node:util'
import { createError, isSystemActor, z } from '@shopwright/core'
import { addressErrors } from '../../shared/profile-rules.js'
import type { Actor, RecordChange } from '@shopwright/plugin-records'
import { AddressLineData, MAX_ADDRESSES } from './changes.js'

const AddressLines = z.array(AddressLineData).max(MAX_ADDRESSES)

/**
 * The profile's lines when staff write an account through the record calls (the admin, an
 * import). Address lines follow the rules of the account area's form. Saved cards are added and
 * removed by their owner only: a card line stands for a payment provider's token kept beside the
 * record, which no record call can make (docs/security.md, "Card data").
 */
export function checkProfileLines(change: RecordChange, actor: Actor): void {
  if (change.kind !== 'created' && change.kind !== 'updated' && change.kind !== 'renamed') return
  const { record, previous } = change
  // The owner changes cards through ns/profile/update, which writes as the system on its behalf.
  if (
    !isSystemActor(actor) &&
    !isDeepStrictEqual(record.creditcards, previous?.creditcards) &&
    !(previous === null && (record.creditcards === undefined || isEmptyList(record.creditcards)))
  )
    throw createError('ERROR_ACCESS_DENIED', {
      reason: 'Saved cards are added and removed by their owner, in the account area.',
    })
  if (
    record.addressbook === undefined ||
    isDeepStrictEqual(record.addressbook, previous?.addressbook)
  )
    return
  const parsed = AddressLines.safeParse(record.addressbook)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw createError('ERROR_INVALID_INPUT', {
      reason: `addressbook.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    })
  }
  // Only lines staff added or changed are checked: a line saved under an older rule (a postal
  // code before its country's format was checked) does not block an edit of another.
  const before = new Map(
    (Array.isArray(previous?.addressbook) ? previous.addressbook : []).map((line: unknown) => [
      (line as { id?: unknown }).id,
      line,
    ]),
  )
  for (const line of parsed.data) {
    if (isDeepStrictEqual(before.get(line.id), line)) continue
    const problem = addressErrors(line)
    if (problem)
      throw createError(problem.code, { reason: `addressbook ${line.id}: ${problem.field}` })
  }
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0
}
