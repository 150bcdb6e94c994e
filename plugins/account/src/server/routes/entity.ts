import { createError } from '@shopwright/core'
import { toPreview } from '../account-answer.js'
import type { AccountService } from '../account-service.js'
import type { ResetStore } from '../resets.js'
import type { InputHandler } from '../route-input.js'

/** What the reset screen learns about an account. */
export interface ResetEntity {
  type: string
  id: string
  email: string
  name: string
  resetrequired: boolean
  resetexpired: boolean
  validresetcode: boolean
}

/**
 * `GET /query/account/entity/:recordtype/:id[/:code]`: the account for the reset screen. The
 * e-mail, name and reset state are told only to the holder of a code that matched (valid or
 * expired); without one the answer only confirms that the link names an account, as the screen
 * needs nothing more to offer "Send Reset Email".
 */
export function resetEntity({
  accounts,
  resets,
}: {
  accounts: AccountService
  resets: ResetStore
}): InputHandler<{ params: { recordtype: string; id: string; code?: string } }> {
  return async (ctx) => {
    const { recordtype: type, id, code } = ctx.input.params
    const record = await accounts.getAccount(type, id)
    if (!record) throw createError('ERROR_RECORD_NOT_AVAILABLE')
    const state = code === undefined ? 'invalid' : await resets.check(type, id, code)
    const matched = state !== 'invalid'
    const preview = toPreview(record)
    const answer: ResetEntity = {
      type: record.type,
      id: record.id,
      email: matched ? preview.email : '',
      name: matched ? preview.name : '',
      resetrequired: matched && record.resetrequired === true,
      resetexpired: state === 'expired',
      validresetcode: state === 'valid',
    }
    ctx.body = answer
  }
}
