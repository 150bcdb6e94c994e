import {
  createError,
  type QueryContext,
  type QueryMiddleware,
  type RecordData,
  readBody,
} from '@shopwright/core'
import type { AppLog, RecordStore } from '@shopwright/plugin-records'
import type { AccountAuthenticator } from '../account-authenticator.js'
import { applyAddresses, applyCards, UpdateBody, type NewIds, type NewTokens } from './changes.js'
import type { CardTokens } from './card-tokens.js'
import { addressLinesOf, cardLinesOf } from './lines.js'
import { toProfile } from './profile-answer.js'

interface ProfileServices {
  accountAuthenticator: AccountAuthenticator
  recordStore: RecordStore
  cardTokens: CardTokens
  appLog: AppLog
}

/** How often an update is tried again when a concurrent write changed the record first. */
const UPDATE_TRIES = 5

/**
 * The caller's account record, read fresh from the store: the cached session's copy may hold old
 * address and card lines, as these writes do not clear the session cache.
 */
async function ownStored(
  { accountAuthenticator, recordStore }: ProfileServices,
  ctx: QueryContext,
) {
  const signedIn = await accountAuthenticator.signedIn(ctx)
  if (!signedIn) throw createError('ERROR_NOT_SIGNED_IN')
  const stored = await recordStore.getStored(signedIn.record.type, signedIn.record.id)
  if (!stored || stored.binned !== null) throw createError('ERROR_NOT_SIGNED_IN')
  return stored
}

/** `GET /query/ns/profile/get`: the signed-in account's profile, or 401 ERROR_NOT_SIGNED_IN. */
export function getProfile(services: ProfileServices): QueryMiddleware {
  return async (ctx) => {
    ctx.body = toProfile((await ownStored(services, ctx)).record)
  }
}

/**
 * `POST /query/ns/profile/update`: changes, adds or deletes the caller's own address and card
 * lines. Answers the profile plus `newid: { addressbook?, creditcards? }`. The record, the cards'
 * tokens (kept apart, card-tokens.ts) and the log line naming the account are written in one
 * transaction, conditional on the record's version and retried on a conflict, so concurrent
 * updates do not lose lines.
 */
export function updateProfile(services: ProfileServices): QueryMiddleware {
  return async (ctx) => {
    const body = readBody(ctx, UpdateBody)
    for (let attempt = 0; attempt < UPDATE_TRIES; attempt++) {
      const stored = await ownStored(services, ctx)
      const ids: NewIds = {}
      const tokens: NewTokens = new Map()
      const record: RecordData = { ...stored.record }
      if (body.addressbook)
        record.addressbook = applyAddresses(
          addressLinesOf(record.addressbook),
          body.addressbook,
          ids,
        )
      if (body.creditcards)
        record.creditcards = applyCards(
          cardLinesOf(record.creditcards),
          body.creditcards,
          ids,
          new Date(),
          tokens,
        )
      const { recordStore, cardTokens, appLog } = services
      const written = await recordStore.transaction(async (trx) => {
        if (!(await recordStore.replaceIfVersion(record, stored.version, trx))) return false
        if (body.creditcards) {
          const keep = cardLinesOf(record.creditcards).map((line) => line.internalid)
          await cardTokens.sync(record, tokens, keep, trx)
        }
        const parts = [body.addressbook && 'address book', body.creditcards && 'saved cards']
        await appLog.write(
          [
            {
              type: record.type,
              id: record.id,
              message: `profile: ${parts.filter(Boolean).join(' and ')} changed by the owner`,
              actor: `${record.type}|${record.id}`,
            },
          ],
          trx,
        )
        return true
      })
      await recordStore.forget(record.type, record.id)
      if (!written) continue
      ctx.body = { ...toProfile(record), newid: ids }
      return
    }
    throw createError('ERROR_TOO_MANY_REQUESTS', {
      status: 409,
      reason: 'The account changed too often to apply the update.',
    })
  }
}
