import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import { bootAccounts, signIn } from './helpers.js'
import { callOf, post } from './reset-helpers.js'

/**
 * E-mail end to end (issue 19): with `SMTP_URL` set, a password reset goes over SMTP to a real
 * server started here, is read back with mailparser, and its link sets the new password.
 */
describe('e-mail through a real SMTP server', () => {
  const received: ParsedMail[] = []
  const envelopes: string[][] = []
  let server: SMTPServer
  let kernel: Kernel
  let close: () => Promise<void>
  const previous = process.env.SMTP_URL

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on the loopback: nodemailer would otherwise upgrade to TLS with no certificate.
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address))
        simpleParser(stream).then(
          (mail) => {
            received.push(mail)
            callback()
          },
          (error: Error) => callback(error),
        )
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as AddressInfo
    // Plugin settings are read from the environment when the kernel is made.
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
    ;({ kernel, close } = await bootAccounts(databasesUnderTest()[0]!))
    await kernel.services.accounts.addAccount({
      email: 'ada@example.com',
      password: 'correct horse',
      name: 'Ada Lovelace',
    })
  })
  afterAll(async () => {
    if (previous === undefined) delete process.env.SMTP_URL
    else process.env.SMTP_URL = previous
    await close?.()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('sends the reset e-mail over SMTP, and its link sets the new password', async () => {
    const outbox = await kernel.services.mailer.outbox()
    const reply = await post(kernel, '/query/account/resetemail', { email: 'ada@example.com' })
    expect(reply.statusCode, reply.body).toBe(200)
    expect(received).toHaveLength(1)
    const mail = received[0]!
    expect(envelopes[0]).toEqual(['ada@example.com'])
    expect(mail.subject).toBe('Reset your password')
    expect(mail.from?.text).toContain('no-reply@shopwright.invalid')
    expect(mail.html).toBeTypeOf('string')
    const link = /https?:\/\/[^\s"<>]+\/reset\/[^\s"<>]+/.exec(mail.text ?? '')?.[0]
    expect(link, mail.text).toBeDefined()
    // Sent, not written: the outbox is left as it was.
    expect(await kernel.services.mailer.outbox()).toEqual(outbox)

    const reset = await post(kernel, callOf(link!), { password: 'a new password 1' })
    expect(reset.statusCode, reset.body).toBe(200)
    await expect(signIn(kernel, 'ada@example.com', 'a new password 1')).resolves.toBeDefined()
  })
})
