import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import { freePort } from '@shopwright/testkit'

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

  private constructor(readonly port: number) {}

  /** An inbox on a free port, listening. */
  static async open(): Promise<Inbox> {
    const inbox = new Inbox(await freePort())
    await inbox.start()
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
