import {
  type AccessService,
  createError,
  isAppError,
  type RateLimiterService,
  z,
} from '@shopwright/core'
import type { AccountService } from '../account-service.js'
import type { BlockedDevices } from '../blocked-devices.js'
import { devicePrevious } from '../device-previous.js'
import { ADMIN_GATE } from '@shopwright/core/shared'
import { toAccountAnswer, toEntity, toPreview, type LoginAnswer } from '../account-answer.js'
import { Email } from '../read-email.js'
import {
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  LOGIN_PER_PAIR,
  LOGIN_PER_PAIR_AT_CEILING,
  pairKey,
} from '../login-limits.js'
import { readSessionCookie, setSessionCookie } from '../session-cookie.js'
import type { SessionStore } from '../sessions.js'
import type { InputHandler } from '../route-input.js'
import { clientKey } from '@shopwright/core'

/**
 * Step 1 sends `{ email }`, step 2 `{ email, password }` (docs/api.md, "Account"). The lengths
 * bound the work one request can cause; argon2 pre-hashes long passwords, but 1,024 characters is
 * more than any password manager makes.
 */
export const LoginBody = z.strictObject({
  email: Email,
  password: z.string().min(1, 'ERROR_PASSWORD_VALUE_REQUIRED').max(1024).optional(),
})

export interface LoginDependencies {
  accounts: AccountService
  sessionStore: SessionStore
  limiter: RateLimiterService
  blockedDevices: BlockedDevices
  access: AccessService
  /** ACCOUNT_SIGNUP: with `verify`, a sign-up signs in only once its e-mail is confirmed. */
  signupMode: 'open' | 'verify' | 'off'
}

/** `POST /query/account/login`: step 1 names the account, step 2 signs in. */
export function login({
  accounts,
  sessionStore,
  limiter,
  blockedDevices,
  access,
  signupMode,
}: LoginDependencies): InputHandler<{ body: z.output<typeof LoginBody> }> {
  return async (ctx) => {
    const { body } = ctx.input
    const { email } = body

    const address = clientKey(ctx.ip)
    await limiter.consume(LOGIN_PER_ADDRESS, address)
    if (body.password === undefined) {
      const account = await accounts.findByEmail(email)
      if (!account) throw createError('ERROR_EMAIL_NOT_FOUND')
      ctx.body = toPreview(account)
      return
    }

    const pair = pairKey(email, address)
    await limiter.consume(LOGIN_PER_PAIR, pair)
    if (await ceilingReached(limiter, email)) await limiter.consume(LOGIN_PER_PAIR_AT_CEILING, pair)
    // A device the owner blocked is refused before the password is looked at.
    const credentials = await accounts.credentials(email)
    const device = ctx.state.device ?? ''
    const blocked = credentials
      ? await blockedDevices.blockedBy(
          credentials.type,
          credentials.id,
          device,
          devicePrevious(ctx, device),
        )
      : null
    if (blocked === 'device') throw createError('ERROR_DEVICE_BLOCKED')
    const account = await accounts.checkPassword(credentials, body.password)
    // Blocked under the fingerprint the device had before issue 37 (Device-Previous): refused
    // whatever the password, the same answer either way. The block is carried over to the new
    // value only for the holder of the password: anyone can send any Device value, and copying on
    // their word would let the holder of a blocked old value block another device of the account.
    if (blocked === 'previous') {
      if (account && credentials)
        await blockedDevices.block(credentials.type, credentials.id, device)
      throw createError('ERROR_DEVICE_BLOCKED')
    }
    // One answer for a wrong password and an unknown e-mail, in the same time (see checkPassword):
    // step 2 tells no more than step 1 already does. 401 because no valid credentials were shown;
    // 403 stays the answer to a signed-in caller who lacks a right.
    if (!account) {
      // Past the ceiling the count stays at its top; the refusal that would say so is not the answer.
      await limiter.consume(LOGIN_PER_EMAIL, email).catch((error: unknown) => {
        if (!(isAppError(error) && error.status === 429)) throw error
      })
      throw createError('ERROR_ACCESS_DENIED', { status: 401 })
    }
    // Checked only after the password, so only the holder of the password learns of the reset.
    if (account.resetrequired === true) throw createError('ERROR_ACCOUNT_RESET_REQUIRED')
    // A sign-up proves its mailbox before it signs in (docs/security.md, "Sign-up"): whoever used
    // another's address first never holds a session of the account its owner later confirms.
    if (signupMode !== 'open' && credentials?.verified_at === null)
      throw createError('ERROR_ACCOUNT_NOT_VERIFIED')

    // A new token at every sign-in (no session fixation); the session this browser held ends.
    const previous = readSessionCookie(ctx)
    if (previous) await sessionStore.end(previous)
    const { token, session } = await sessionStore.create(account, ctx.state.device ?? '')
    setSessionCookie(ctx, token, session.absoluteExpiresAt)
    await forgetFailures(limiter, email, address)
    const answer: LoginAnswer = {
      ...toAccountAnswer(account),
      admin: await access.can(toEntity(account), ADMIN_GATE, 'view'),
    }
    ctx.body = answer
  }
}

/** True when the e-mail's failed passwords reached LOGIN_PER_EMAIL (a zero-point consume refuses only then). */
async function ceilingReached(limiter: RateLimiterService, email: string): Promise<boolean> {
  try {
    await limiter.consume(LOGIN_PER_EMAIL, email, 0)
    return false
  } catch (error) {
    if (isAppError(error) && error.status === 429) return true
    throw error
  }
}

/** After a sign-in or a reset: the e-mail's counts start again, here and everywhere. */
export async function forgetFailures(
  limiter: RateLimiterService,
  email: string,
  address?: string,
): Promise<void> {
  await limiter.reset(LOGIN_PER_EMAIL, email)
  if (address === undefined) return
  await limiter.reset(LOGIN_PER_PAIR, pairKey(email, address))
  await limiter.reset(LOGIN_PER_PAIR_AT_CEILING, pairKey(email, address))
}
