import {
  createError,
  type QueryContext,
  type QueryMiddleware,
  SYSTEM_ACTOR,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import type { AccountAuthenticator } from '../account-authenticator.js'
import {
  applyAddresses,
  applyCards,
  type UpdateBody,
  type NewIds,
  type NewTokens,
} from './changes.js'
import type { CardTokens } from './card-tokens.js'
import { addressLinesOf, cardLinesOf } from './lines.js'
import { toProfile } from './profile-answer.js'
import { updateAnswer } from './update-answer.js'
import type { AccountProfiles } from './account-profiles.js'
import type { InputHandler } from '../route-input.js'

interface ProfileServices {
  accountAuthenticator: AccountAuthenticator
  records: RecordsService
  cardTokens: CardTokens
  accountProfiles: AccountProfiles
}

/**
 * The caller's account record, read fresh from the store: the cached session's copy may hold old
 * address and card lines, as these writes do not clear the session cache.
 */
async function ownRecord({ accountAuthenticator, records }: ProfileServices, ctx: QueryContext) {
  const signedIn = await accountAuthenticator.signedIn(ctx)
  if (!signedIn) throw createError('ERROR_NOT_SIGNED_IN')
  const record = await records.findFresh(signedIn.record.type, signedIn.record.id)
  if (!record) throw createError('ERROR_NOT_SIGNED_IN')
  return record
}

/** `GET /query/ns/profile/get`: the signed-in account's profile, or 401 ERROR_NOT_SIGNED_IN. */
export function getProfile(services: ProfileServices): QueryMiddleware {
  return async (ctx) => {
    const record = await ownRecord(services, ctx)
    ctx.body = toProfile(record, await services.accountProfiles.state(record))
  }
}

/**
 * `POST /query/ns/profile/update`: changes, adds or deletes the caller's own address and card
 * lines. Answers the profile with its lists as `{ list, newid? }` (update-answer.ts). The record, the cards'
 * tokens (kept apart, card-tokens.ts) and the log line naming the account are written in one
 * transaction by the records service, conditional on the record's version and retried on a
 * conflict, so concurrent updates do not lose lines.
 */
export function updateProfile(services: ProfileServices): InputHandler<{ body: UpdateBody }> {
  return async (ctx) => {
    const { body } = ctx.input
    // Who is signed in (from the session cache); modify() reads the record itself, fresh.
    const signedIn = await services.accountAuthenticator.signedIn(ctx)
    if (!signedIn) throw createError('ERROR_NOT_SIGNED_IN')
    const own = signedIn.record
    const { records, cardTokens } = services
    const state = await services.accountProfiles.state(own)
    if (body.creditcards && state.holdCards) throw createError('ERROR_ACCOUNT_NOT_VERIFIED')
    // Filled by each attempt of the change (it runs again on a newer record after a conflict).
    let ids: NewIds = {}
    let tokens: NewTokens = new Map()
    const parts = [body.addressbook && 'address book', body.creditcards && 'saved cards']
    // As the system on the owner's behalf: a customer may not edit records of its own type, but
    // may change these two lists of its own record (docs/security.md, "Accounts").
    const record = await records.modify(
      SYSTEM_ACTOR,
      own.type,
      own.id,
      [body.addressbook && 'addressbook', body.creditcards && 'creditcards'].filter(
        (field): field is string => Boolean(field),
      ),
      (stored) => {
        ids = {}
        tokens = new Map()
        if (body.addressbook)
          stored.addressbook = applyAddresses(
            addressLinesOf(stored.addressbook),
            body.addressbook,
            ids,
          )
        if (body.creditcards)
          stored.creditcards = applyCards(
            cardLinesOf(stored.creditcards),
            body.creditcards,
            ids,
            new Date(),
            tokens,
          )
      },
      {
        onBehalfOf: (await ctx.state.entity()) ?? undefined,
        message: `profile: ${parts.filter(Boolean).join(' and ')} changed by the owner`,
        alongside: async (trx, written) => {
          if (!body.creditcards) return
          const keep = cardLinesOf(written.creditcards).map((line) => line.internalid)
          await cardTokens.sync(written, tokens, keep, trx)
        },
      },
    )
    ctx.body = updateAnswer(toProfile(record, state), ids)
  }
}
