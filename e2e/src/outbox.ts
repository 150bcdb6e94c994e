import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { expect } from 'vitest'

/** An e-mail of a project's outbox as a mail reader shows it. */
export interface OutboxMail {
  file: string
  subject: string
  /** The plain-text part. */
  text: string
  /** The HTML part. */
  html: string
}

/** Every e-mail in DATA_DIR/outbox to `to`, newest first. */
async function mailsTo(outbox: string, to: string): Promise<OutboxMail[]> {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : []
  const mails: OutboxMail[] = []
  for (const file of files) {
    const parsed = await simpleParser(fs.readFileSync(path.join(outbox, file)))
    const recipients = [parsed.to ?? []].flat().flatMap((each) => each.value)
    if (!recipients.some((each) => each.address === to)) continue
    mails.push({
      file,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    })
  }
  return mails
}

/**
 * The newest e-mail to `to` in a project's DATA_DIR/outbox whose text matches `pattern`, waited
 * for: the mail queue writes it just after the call that queued it is answered.
 */
export async function mailTo(cwd: string, to: string, pattern: RegExp): Promise<OutboxMail> {
  const outbox = path.join(cwd, 'data', 'outbox')
  let found: OutboxMail | undefined
  await expect
    .poll(
      async () => {
        found = (await mailsTo(outbox, to)).find((mail) => pattern.test(mail.text))
        return found !== undefined
      },
      { timeout: 10_000 },
    )
    .toBe(true)
  return found!
}
