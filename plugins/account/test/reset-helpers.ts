import fs from 'node:fs/promises'
import type { Kernel } from '@shopwright/core'
import { inject } from '@shopwright/core/testing'

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

/** Asks for a reset e-mail and answers the links of the one new outbox file. */
export async function requestReset(
  kernel: Kernel,
  email: string,
  device?: string,
): Promise<{ reset: string; block: string; file: string }> {
  const before = await kernel.services.mailer.outbox()
  const reply = await post(kernel, '/query/account/resetemail', { email }, device)
  if (reply.statusCode !== 200) throw new Error(`resetemail: ${reply.statusCode} ${reply.body}`)
  const added = (await kernel.services.mailer.outbox()).filter((file) => !before.includes(file))
  if (added.length !== 1) throw new Error(`expected one new e-mail, got ${added.length}`)
  const file = added[0]!
  return { ...(await linksOf(file)), file }
}
