import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import type { Kernel } from '@shopwright/core'
import { inject } from '@shopwright/core/testing'
import { newOutboxFiles, outboxOf } from './outbox.js'

type Reply = Awaited<ReturnType<typeof inject>>

/** A POST with a JSON body from a device (the test device unless told). */
export function post(
  kernel: Pick<Kernel, 'app'>,
  url: string,
  payload: unknown,
  device?: string | null,
): Promise<Reply> {
  return inject(kernel, { method: 'POST', url, payload, device })
}

/** The .eml text with quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** The reset and block links of an outbox file, parsed out of the e-mail's text. */
export async function linksOf(file: string): Promise<{ reset: string; block: string }> {
  const text = decodeQuotedPrintable(await fs.readFile(file, 'utf8'))
  const reset = /https?:\/\/[^\s"<>]+\/reset\/[^\s"<>]+/.exec(text)?.[0]
  const block = /https?:\/\/[^\s"<>]+\/block\/[^\s"<>]+/.exec(text)?.[0]
  if (!reset || !block) throw new Error(`no links in ${file}`)
  return { reset, block }
}

/** The path of a link, with /query/account in front: `/reset/a/b/c` → `/query/account/reset/a/b/c`. */
export function callOf(link: string): string {
  return `/query/account${new URL(link).pathname}`
}

/**
 * Waits for the one outbox file written since `before` (the mail queue writes it after the answer)
 * and answers its path; more than one new file is an error.
 */
export async function newOutboxFile(kernel: Kernel, before: readonly string[]): Promise<string> {
  const added = await newOutboxFiles(kernel, before)
  if (added.length !== 1) throw new Error(`expected one new e-mail, got ${added.length}`)
  return added[0]!
}

/** Asks for a reset e-mail and answers the links of the one new outbox file. */
export async function requestReset(
  kernel: Kernel,
  email: string,
  device?: string,
): Promise<{ reset: string; block: string; file: string }> {
  const before = await outboxOf(kernel)
  const reply = await post(kernel, '/query/account/resetemail', { email }, device)
  if (reply.statusCode !== 200) throw new Error(`resetemail: ${reply.statusCode} ${reply.body}`)
  const file = await newOutboxFile(kernel, before)
  return { ...(await linksOf(file)), file }
}

/** The mail queue's row of a reset e-mail, found by its link's code (the key is the code's hash). */
export async function resetMailRow(
  kernel: Kernel,
  resetLink: string,
): Promise<Record<string, unknown> | undefined> {
  const code = decodeURIComponent(new URL(resetLink).pathname.split('/').at(-1)!)
  const key = `reset:${crypto.createHash('sha256').update(code).digest('hex')}`
  return kernel.services.db('account_mail').where({ event_key: key }).first()
}
