import fs from 'node:fs/promises'
import { expect } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { inject } from '@shopwright/core/testing'
import { SESSION_COOKIE } from '../src/index.js'
import { simpleParser } from 'mailparser'
import { newOutboxFiles, outboxOf } from './outbox.js'

type Reply = Awaited<ReturnType<typeof inject>>

/** A form ticket as a person's form would hold it: shown `ageMs` ago (2 s is the least accepted). */
export function ticketOf(kernel: Kernel, ageMs = 5_000): Promise<string> {
  return kernel.containerOf('account').cradle.formTickets.issue(Date.now() - ageMs)
}

let clients = 0

/**
 * `POST /query/account/register` with a fresh, old-enough ticket unless the body brings one, from
 * a client address of its own unless the headers name one (the kernel trusts X-Forwarded-For), so
 * tests do not share the per-address limit by accident.
 */
export async function register(
  kernel: Kernel,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  clients++
  const payload = { consent: true, ticket: await ticketOf(kernel), ...body }
  return inject(kernel, {
    method: 'POST',
    url: '/query/account/register',
    payload,
    headers: {
      'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
      ...headers,
    },
  })
}

/** An outbox file as text: its headers as written, then its plain-text part decoded. */
async function decoded(file: string): Promise<string> {
  const eml = await fs.readFile(file)
  const mail = await simpleParser(eml)
  const headers = eml.toString('utf8').split('\r\n\r\n')[0]!
  return `${headers}\r\n\r\n${mail.text ?? ''}`
}

/** Waits for the outbox to hold `count` more files than `before`, and answers the new ones' text. */
export async function newMail(
  kernel: Kernel,
  before: readonly string[],
  count = 1,
): Promise<string[]> {
  return Promise.all((await newOutboxFiles(kernel, before, count)).map(decoded))
}

/**
 * Signs up as `register` does and waits for the one e-mail that sends (a confirmation link, or the
 * note that the address has an account already): the answer, and the e-mail's text.
 */
export async function signUpMail(
  kernel: Kernel,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ reply: Reply; mail: string }> {
  const before = await outboxOf(kernel)
  const reply = await register(kernel, body, headers)
  const [mail] = await newMail(kernel, before)
  return { reply, mail: mail! }
}

/**
 * The register call's one answer, 200 `{ ok: true }`, whatever became of the e-mail: so the form
 * says nothing of who has an account (src/server/routes/signup.ts).
 */
export function expectSignUpAnswer(reply: Reply): void {
  expect(reply.statusCode).toBe(200)
  expect(reply.json()).toEqual({ ok: true })
}

/** The confirmation code of a confirmation e-mail. */
export function verifyCodeOf(mail: string): string {
  const code = /\/verify#code=([\w-]{43})/.exec(mail)?.[1]
  if (!code) throw new Error('no confirmation link in the e-mail')
  return code
}

/** The record key (type and id) of the account signed up with `email`. */
export async function accountKeyOf(
  kernel: Kernel,
  email: string,
): Promise<{ type: string; id: string }> {
  return kernel.services.db('account_credentials').where({ email }).first('type', 'id')
}

/**
 * A session cookie for the account of `email`, made in the session store without signing in: a
 * session it holds whatever its confirmation (one made before ACCOUNT_SIGNUP became verify).
 */
export async function sessionCookieFor(kernel: Kernel, email: string): Promise<string> {
  const key = await accountKeyOf(kernel, email)
  const record = (await kernel.services.records.find(key.type, key.id))!
  const { token } = await kernel
    .containerOf('account')
    .cradle.sessionStore.create(record, 'test-device')
  return `${SESSION_COOKIE}=${token}`
}

/** How many accounts the database holds. */
export async function accountCount(kernel: Kernel): Promise<number> {
  const [row] = await kernel.services.db('account_credentials').count<{ n: number | string }[]>({
    n: '*',
  })
  return Number(row?.n ?? 0)
}

/** How many messages the mail queue holds. */
export async function queuedMail(kernel: Kernel): Promise<number> {
  const [row] = await kernel.services.db('account_mail').count<{ n: number | string }[]>({ n: '*' })
  return Number(row?.n ?? 0)
}
