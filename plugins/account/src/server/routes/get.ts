import { createError, type QueryMiddleware } from '@shopwright/core'
import { toAccountAnswer } from '../account-answer.js'
import type { AccountAuthenticator } from '../account-authenticator.js'

/** `GET /query/account/get`: the signed-in account, or 401 ERROR_NOT_SIGNED_IN. */
export function getAccount({
  accountAuthenticator,
}: {
  accountAuthenticator: AccountAuthenticator
}): QueryMiddleware {
  return async (ctx) => {
    // The authenticator itself rather than ctx.state.entity(): the answer needs fields of the
    // record (colour, reset state) that the kernel's entity does not carry.
    const signedIn = await accountAuthenticator.signedIn(ctx)
    if (!signedIn) throw createError('ERROR_NOT_SIGNED_IN')
    ctx.body = toAccountAnswer(signedIn.record)
  }
}
