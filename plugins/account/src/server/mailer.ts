import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type nodemailerType from 'nodemailer'
import type { Logger, Meters } from '@shopwright/core'

/** nodemailer's connection, greeting and idle-socket limits (ms); its defaults run to minutes. */
const SMTP_TIME_LIMITS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
}

type Nodemailer = typeof nodemailerType
let nodemailerLoading: Promise<Nodemailer> | undefined

/** nodemailer (about 20 ms to load) comes in with the first message, not at every start. */
function loadNodemailer(): Promise<Nodemailer> {
  nodemailerLoading ??= import('nodemailer').then((module) => module.default)
  return nodemailerLoading
}

/**
 * The outbox's stream transport, and the SMTP server's when there is one. Time limits well inside
 * the mail queue's 60 s claim (mail/mail-queue.ts): a frozen server fails the send, which is
 * retried, rather than outliving the claim and going out twice.
 */
function transportsOf(nodemailer: Nodemailer, smtpUrl: string | undefined) {
  return {
    stream: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    smtp: smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIME_LIMITS }) : undefined,
  }
}

/** The sender of the shop's e-mails. */
export const MAIL_FROM = 'Shopwright <no-reply@shopwright.invalid>'

/** One e-mail: plain text and a simple HTML body. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

/** Where a message went: the outbox file when there is no SMTP server. */
export interface MailResult {
  file?: string
}

interface MailerConfig {
  smtpUrl: string | undefined
  dataDir: string
  nodeEnv?: string
}

/**
 * Sends e-mail. With `SMTP_URL` set it goes to that server. Without it, each message is written
 * as an RFC 822 `.eml` file into `DATA_DIR/outbox/`, named by time so the files sort in sending
 * order, and logged, so a developer (or a test) can open the links without a mail server. Each
 * message sent (or written) counts one on the `emails` meter, which billing prices.
 */
export class Mailer {
  readonly outboxDir: string
  private readonly production: boolean
  private readonly smtpUrl: string | undefined
  private transports: Promise<ReturnType<typeof transportsOf>> | undefined

  constructor(
    config: MailerConfig,
    private readonly logger: Logger,
    private readonly meters?: Pick<Meters, 'add'>,
  ) {
    this.outboxDir = path.join(config.dataDir, 'outbox')
    this.production = config.nodeEnv === 'production'
    this.smtpUrl = config.smtpUrl
  }

  /**
   * Loads nodemailer and makes the transports, once; an SMTP_URL nodemailer cannot read throws
   * here. The plugin's bootstrap calls it when SMTP_URL is set, so such a URL still stops the boot.
   */
  ready(): Promise<ReturnType<typeof transportsOf>> {
    this.transports ??= loadNodemailer().then((nodemailer) =>
      transportsOf(nodemailer, this.smtpUrl),
    )
    return this.transports
  }

  async send(message: MailMessage): Promise<MailResult> {
    const mail = { from: MAIL_FROM, ...message }
    const { smtp, stream } = await this.ready()
    if (smtp) {
      await smtp.sendMail(mail)
      this.meters?.add('emails')
      return {}
    }
    const info = await stream.sendMail(mail)
    const content: unknown = info.message
    if (!Buffer.isBuffer(content)) throw new Error('the stream transport gave no buffer')
    await fs.mkdir(this.outboxDir, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = path.join(this.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`)
    await fs.writeFile(file, content)
    this.meters?.add('emails')
    return { file }
  }

  /** The outbox files, oldest first; empty when nothing was written. */
  async outbox(): Promise<string[]> {
    try {
      const names = await fs.readdir(this.outboxDir)
      return names
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => path.join(this.outboxDir, name))
    } catch {
      return []
    }
  }

  /**
   * Logs a written message, for a developer without a mail server: its file, and its links only
   * outside production, since a reset link in a log hands the account to whoever reads the log.
   */
  logWritten(file: string, links: readonly string[]): void {
    if (this.production) this.logger.info({ file }, 'e-mail written to the outbox')
    else this.logger.info({ file, links }, 'e-mail written to the outbox')
  }
}
