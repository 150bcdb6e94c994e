import { afterAll, beforeAll, describe } from 'vitest'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { ShopwrightConfig } from '@shopwright/core'
import {
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  type DatabaseUnderTest,
} from '@shopwright/core/testing'
import { freePort } from '@shopwright/testkit'

/** Who sends the mail queue's messages in a suite: the node itself, or BullMQ jobs on Redis. */
export interface MailDelivery {
  name: string
  skip: string | false
  config(): Partial<ShopwrightConfig>
}

/** Both ways the queue's messages go, for the suites that run once per way; `prefix` names the Redis keys. */
export function mailDeliveries(prefix: string): MailDelivery[] {
  return [
    { name: 'sent by the node', skip: false, config: () => ({}) },
    {
      name: 'sent by BullMQ',
      skip: redisSkipReason(),
      config: () => ({ redisUrl: redisUrlForTests(), redisPrefix: `${prefix}${Date.now()}` }),
    },
  ]
}

/** What a suite over a real SMTP server runs with: its database, its mail delivery and its inbox. */
export interface SmtpSuite {
  database: DatabaseUnderTest
  delivery: MailDelivery
  inbox: Inbox
}

/**
 * Describes `subject` once per database and mail delivery, each skipped where its database or
 * Redis is away, with an inbox listening before `suite` boots its kernel: the suites that send
 * real e-mail (`prefix` names their Redis keys).
 */
export function describeOverSmtp(
  subject: string,
  prefix: string,
  suite: (context: SmtpSuite) => void,
): void {
  for (const database of databasesUnderTest())
    for (const delivery of mailDeliveries(prefix))
      describe.skipIf(database.skip || delivery.skip)(
        `${subject} on ${database.name}, ${delivery.name}`,
        () => suite({ database, delivery, inbox: Inbox.forSuite() }),
      )
}

/**
 * A real SMTP server on the loopback that keeps what it receives (parsed by mailparser). It keeps
 * its port across stop() and start(), so a kernel configured with its URL meets a mail server that
 * goes away and comes back.
 */
export class Inbox {
  readonly mails: ParsedMail[] = []
  /** Each message's recipients, as the envelope named them. */
  readonly envelopes: string[][] = []
  private server: SMTPServer | undefined
  /** Taken at the first start, kept after. */
  private port = 0

  private constructor() {}

  /**
   * The inbox of the describe this is called in, listening while the suite runs, with SMTP_URL
   * pointing at it. Call it before the hook that boots the kernel: plugin settings are read from
   * the environment when the kernel is made. After the suite, once its kernels are closed (vitest
   * runs after-all hooks in reverse order), SMTP_URL is as it was and the server stopped.
   */
  static forSuite(): Inbox {
    const inbox = new Inbox()
    const previous = process.env.SMTP_URL
    beforeAll(async () => {
      await inbox.start()
      process.env.SMTP_URL = inbox.url
    })
    afterAll(async () => {
      if (previous === undefined) delete process.env.SMTP_URL
      else process.env.SMTP_URL = previous
      await inbox.stop()
    })
    return inbox
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** The subjects received, in order. */
  get subjects(): string[] {
    return this.mails.map((mail) => mail.subject ?? '')
  }

  async start(): Promise<void> {
    this.port ||= await freePort()
    const server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on the loopback: nodemailer would otherwise upgrade to TLS with no certificate.
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        simpleParser(stream).then(
          (mail) => {
            this.envelopes.push(to)
            this.mails.push(mail)
            callback()
          },
          (error: Error) => callback(error),
        )
      },
    })
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
