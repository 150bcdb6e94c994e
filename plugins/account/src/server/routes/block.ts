import { createError, type Logger, type RateLimiterService, z } from '@shopwright/core'
import type { AccountService } from '../account-service.js'
import type { BlockedDevices } from '../blocked-devices.js'
import { BLOCK_PER_ADDRESS } from '../block-limits.js'
import type { ResetStore } from '../resets.js'
import type { SessionStore } from '../sessions.js'
import { clientKey } from '@shopwright/core'
import { afterCommit } from '../after-commit.js'
import type { InputHandler } from '../route-input.js'

export const BlockBody = z.strictObject({
  device: z.string().min(1).max(256),
  code: z.string().min(1).max(128),
})

/**
 * `POST /query/account/block/:recordtype/:id` `{ device, code }`: the "this was not me" link of a
 * reset e-mail. The code is the link's single-use proof that the caller read that e-mail; it
 * blocks the device that asked for the reset from signing in to the account, and ends that
 * device's sessions there. Without a valid code nothing changes (403), so nobody can end another
 * account's sessions or lock out a device by guessing ids; the code works only for the device its
 * e-mail names, and once. The call is rate limited per address.
 */
export function blockDevice({
  accounts,
  blockedDevices,
  sessionStore,
  resets,
  limiter,
  logger,
}: {
  accounts: AccountService
  blockedDevices: BlockedDevices
  sessionStore: SessionStore
  resets: ResetStore
  limiter: RateLimiterService
  logger: Logger
}): InputHandler<{
  params: { recordtype: string; id: string }
  body: z.output<typeof BlockBody>
}> {
  return async (ctx) => {
    const { params, body } = ctx.input
    await limiter.consume(BLOCK_PER_ADDRESS, clientKey(ctx.ip))
    const record = await accounts.getAccount(params.recordtype, params.id)
    // One answer for an unknown account, a bad code and another device: it tells nothing of them.
    if (!record || !(await resets.useBlockCode(record.type, record.id, body.code, body.device)))
      throw createError('ERROR_ACCESS_DENIED')
    await blockedDevices.block(record.type, record.id, body.device)
    // The block is stored (a sign-in from the device is refused); ending its open sessions is
    // tidying that must not turn the answer into a failure.
    await afterCommit(logger, 'end the sessions of a blocked device', () =>
      sessionStore.endDevice(record, body.device),
    )
    ctx.body = { ok: true }
  }
}
