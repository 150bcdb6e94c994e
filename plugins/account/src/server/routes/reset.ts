import { normalizeEmail } from '@shopwright/client'
import { createError, type Logger, type RateLimiterService, z } from '@shopwright/core'
import type { AccountService } from '../account-service.js'
import { forgetFailures } from './login.js'
import { RESET_PER_ADDRESS, RESET_PER_EMAIL } from '../reset-limits.js'
import { Email } from '../read-email.js'
import { queueResetMail, type ResetRequestDependencies } from '../reset-request.js'
import type { SessionStore } from '../sessions.js'
import { clientKey } from '@shopwright/core'
import { afterCommit } from '../after-commit.js'
import type { InputHandler } from '../route-input.js'

export const ResetEmailBody = z.strictObject({ email: Email })
export const ResetBody = z.strictObject({ password: z.string().max(1024) })

export interface ResetDependencies extends ResetRequestDependencies {
  logger: Logger
  accounts: AccountService
  sessionStore: SessionStore
  limiter: RateLimiterService
}

/**
 * `POST /query/account/resetemail` `{ email }`: queues a reset e-mail when an account has the
 * e-mail. The answer is `{ ok: true }` either way, and whether or not the mail server is up.
 */
export function resetEmail(
  dependencies: ResetDependencies,
): InputHandler<{ body: z.output<typeof ResetEmailBody> }> {
  const { accounts, limiter } = dependencies
  return async (ctx) => {
    const { email } = ctx.input.body
    await limiter.consume(RESET_PER_ADDRESS, clientKey(ctx.ip))
    await limiter.consume(RESET_PER_EMAIL, email)

    const record = await accounts.findByEmail(email)
    if (record) await queueResetMail(dependencies, record, email, ctx.state.device ?? '')
    ctx.body = { ok: true }
  }
}

/** `POST /query/account/reset/:recordtype/:id/:code` `{ password }`: sets a new password. */
export function resetPassword({
  accounts,
  resets,
  sessionStore,
  limiter,
  logger,
}: ResetDependencies): InputHandler<{
  params: { recordtype: string; id: string; code: string }
  body: z.output<typeof ResetBody>
}> {
  return async (ctx) => {
    const { params, body } = ctx.input
    const { recordtype: type, id, code } = params
    const record = await accounts.getAccount(type, id)
    const state = record ? await resets.check(type, id, code) : 'invalid'
    if (!record || state === 'invalid') throw createError('ERROR_ACCESS_DENIED')
    if (state === 'expired') throw createError('ERROR_ACCOUNT_RESET_EXPIRED')
    // The password rule before the code is spent, so a too-short password can be corrected.
    accounts.checkPasswordRule(body.password)
    // The code is spent in the password's own transaction, by a conditional update that decides
    // between concurrent uses: the password is set exactly when the code is spent.
    await accounts.setPassword(record, body.password, (trx) => resets.use(type, id, code, trx))
    // Whoever held the old password is signed out everywhere: the record's session time already
    // says so (in the same transaction), so a failure to tidy the store does not change the answer.
    await afterCommit(logger, 'end the sessions after a reset', () => sessionStore.endAll(record))
    // The owner proved control of the mailbox: earlier wrong passwords no longer count.
    if (typeof record.email === 'string')
      await afterCommit(logger, 'forget sign-in failures after a reset', () =>
        forgetFailures(limiter, normalizeEmail(record.email as string), clientKey(ctx.ip)),
      )
    ctx.body = { ok: true, resetrequired: false }
  }
}
