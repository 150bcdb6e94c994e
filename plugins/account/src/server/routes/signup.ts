import {
  clientKey,
  createError,
  type Logger,
  type QueryContext,
  type QueryMiddleware,
  type RateLimiterService,
  z,
} from '@shopwright/core'
import { LOCALE_COOKIE, parseLocaleChoice } from '@shopwright/client'
import type { AccountAuthenticator } from '../account-authenticator.js'
import { toAccountAnswer } from '../account-answer.js'
import { Email } from '../read-email.js'
import { readSessionCookie, setSessionCookie } from '../session-cookie.js'
import type { SessionStore } from '../sessions.js'
import type { FormTickets } from '../signup/form-tickets.js'
import { SIGNUP_PER_ADDRESS, SIGNUP_PER_EMAIL, VERIFY_RESEND } from '../signup/signup-limits.js'
import type { Signups } from '../signup/signups.js'
import { afterCommit } from '../after-commit.js'
import type { InputHandler } from '../route-input.js'

/** How sign-up works on this site (the ACCOUNT_SIGNUP setting). */
export type SignupMode = 'open' | 'verify' | 'off'

/** A name as people write theirs: no control characters, at most 100 characters once trimmed. */
const Name = z
  .string()
  .max(200)
  .transform((value) => value.trim())
  .refine(
    // No control, format (direction marks) or line-separator characters: a name is one plain line.
    (value) => value.length <= 100 && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value),
    'a name of at most 100 characters, on one line, without control characters',
  )
  .refine((value) => value !== '', 'ERROR_INPUT_VALUE_REQUIRED')

export const RegisterBody = z.strictObject({
  email: Email,
  name: Name,
  password: z.string().max(1024),
  /** The visitor agreed to the terms: required. */
  consent: z.boolean().refine((value) => value, 'ERROR_SIGNUP_CONSENT_REQUIRED'),
  ticket: z.string().max(200),
  /** The bot trap: hidden from people (docs/security.md, "Sign-up"); anything in it is a script. */
  website: z.string().max(200).optional(),
})

export const VerifyBody = z.strictObject({ code: z.string().max(128) })

export interface SignupDependencies {
  mode: SignupMode
  signups: Signups
  formTickets: FormTickets
  limiter: RateLimiterService
  sessionStore: SessionStore
  accountAuthenticator: AccountAuthenticator
  logger: Logger
}

/** The language of the visitor's pages (their locale choice), for the e-mails sent to them. */
function languageOf(ctx: QueryContext): string {
  return parseLocaleChoice(ctx.cookies.get(LOCALE_COOKIE))?.language ?? 'en'
}

/**
 * The guard of the sign-up calls: with sign-up off they answer ERROR_SIGNUP_CLOSED, before the
 * router reads their body.
 */
export function signupOpen(mode: SignupMode): QueryMiddleware {
  return async (_ctx, next) => {
    if (mode === 'off') throw createError('ERROR_SIGNUP_CLOSED')
    await next()
  }
}

/**
 * `GET /query/account/signup`: how sign-up works here, and a fresh form ticket (the time the form
 * was shown, signed: form-tickets.ts). Never kept by a cache: each form needs its own time.
 */
export function signupForm({ mode, formTickets }: SignupDependencies): QueryMiddleware {
  return async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = mode === 'off' ? { mode, ticket: null } : { mode, ticket: await formTickets.issue() }
  }
}

/**
 * `POST /query/account/register` `{ email, name, password, consent, ticket, website? }`: makes a
 * customer account and mails its confirmation link. The answer is `{ ok: true }` whether or not the
 * e-mail had an account (the mailbox is told which), so the form says nothing of who has one.
 */
export function register({
  signups,
  formTickets,
  limiter,
  logger,
}: SignupDependencies): InputHandler<{ body: z.output<typeof RegisterBody> }> {
  return async (ctx) => {
    const { body } = ctx.input
    const { email } = body
    await formTickets.check(body.ticket)
    await limiter.consume(SIGNUP_PER_ADDRESS, clientKey(ctx.ip))
    // A script filled the hidden field: it is told what a person is, and nothing is made or sent.
    if (body.website) {
      logger.info({ ip: ctx.ip }, 'account: sign-up bot trap filled; nothing made')
      ctx.body = { ok: true }
      return
    }
    await limiter.consume(SIGNUP_PER_EMAIL, email)
    await signups.register({
      email,
      name: body.name,
      password: body.password,
      language: languageOf(ctx),
    })
    ctx.body = { ok: true }
  }
}

/**
 * `POST /query/account/verify` `{ code }`: confirms the e-mail of the link's account (every other
 * session of it ends: docs/security.md, "Sign-up") and signs the holder in, as a reset link does,
 * unless this browser is signed in to another account: that session stays, and the answer says
 * `signedin: false`, so a link someone else sent cannot quietly swap the account a shopper uses.
 * A used, expired or unknown code answers 410 ERROR_ACCOUNT_VERIFY_INVALID. POST, so a mail
 * scanner fetching the link spends nothing.
 */
export function verify({
  signups,
  sessionStore,
  accountAuthenticator,
  logger,
}: SignupDependencies): InputHandler<{ body: z.output<typeof VerifyBody> }> {
  return async (ctx) => {
    const current = await accountAuthenticator.signedIn(ctx)
    const { record } = await signups.verify(ctx.input.body.code)
    await afterCommit(logger, 'end the sessions after a confirmation', () =>
      sessionStore.endAll(record),
    )
    const other =
      current !== null && (current.record.type !== record.type || current.record.id !== record.id)
    if (other) {
      ctx.body = { ...toAccountAnswer(record), verified: true, signedin: false }
      return
    }
    const previous = readSessionCookie(ctx)
    if (previous)
      await afterCommit(logger, 'end the previous session', () => sessionStore.end(previous))
    // The confirmation is stored: a session store that fails now leaves the shopper to sign in
    // with their password, never an answer that the (now spent) link failed.
    let signedin = false
    await afterCommit(logger, 'sign in after a confirmation', async () => {
      const { token, session } = await sessionStore.create(record, ctx.state.device ?? '')
      setSessionCookie(ctx, token, session.absoluteExpiresAt)
      signedin = true
    })
    ctx.body = { ...toAccountAnswer(record), verified: true, signedin }
  }
}

/** `POST /query/account/verify/resend` `{}`: a new confirmation link for the signed-in account. */
export function resendVerification({
  signups,
  limiter,
  accountAuthenticator,
}: SignupDependencies): QueryMiddleware {
  return async (ctx) => {
    const signedIn = await accountAuthenticator.signedIn(ctx)
    if (!signedIn) throw createError('ERROR_NOT_SIGNED_IN')
    const { record } = signedIn
    await limiter.consume(VERIFY_RESEND, `${record.type}|${record.id}`)
    await signups.resend(record, languageOf(ctx))
    ctx.body = { ok: true }
  }
}
