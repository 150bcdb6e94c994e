import type { NewIds } from './changes.js'
import type { AddressAnswer, CardAnswer, ProfileAnswer } from './profile-answer.js'

/** A list of the update's answer: its lines, and the id of the line this call added. */
export interface UpdatedList<T> {
  list: T[]
  newid?: string
}

/**
 * The answer of `/query/ns/profile/update`: the profile after the change, its two lists as
 * `{ list, newid? }`, and `newid: { addressbook?, creditcards? }`.
 */
export type UpdateAnswer = Omit<ProfileAnswer, 'addressbook' | 'creditcards'> & {
  addressbook: UpdatedList<AddressAnswer>
  creditcards: UpdatedList<CardAnswer>
  newid: NewIds
}

/**
 * The specification answers a new line's id as `addressbook.newid` (and `creditcards.newid`); an
 * array cannot carry it, so here the lists are objects holding `list` and `newid`. `newid: {...}`
 * is kept for the clients written before (docs/api.md, "Differences from the specification").
 */
export function updateAnswer(profile: ProfileAnswer, ids: NewIds): UpdateAnswer {
  const listOf = <T>(list: T[], newid: string | undefined): UpdatedList<T> =>
    newid === undefined ? { list } : { list, newid }
  return {
    ...profile,
    addressbook: listOf(profile.addressbook, ids.addressbook),
    creditcards: listOf(profile.creditcards, ids.creditcards),
    newid: ids,
  }
}
