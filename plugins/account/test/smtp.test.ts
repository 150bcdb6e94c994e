import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import type { ParsedMail } from 'mailparser'
import type { Kernel } from '@shopwright/core'
import { bootAccounts, signIn } from './helpers.js'
import { outboxOf } from './outbox.js'
import { callOf, post, resetMailRow } from './reset-helpers.js'
import { describeOverSmtp } from './smtp-inbox.js'

/** The reset link of a received e-mail. */
function resetLinkOf(mail: ParsedMail): string {
  const link = /https?:\/\/[^\s"<>]+\/reset\/[^\s"<>]+/.exec(mail.text ?? '')?.[0]
  if (!link) throw new Error(`no reset link in: ${mail.text}`)
  return link
}

/**
 * E-mail end to end (issue 19): with `SMTP_URL` set, a password reset is queued in `account_mail`,
 * goes over SMTP to a real server started here, is read back with mailparser, and its link sets
 * the new password; with the server away the request answers the same and the e-mail goes when
 * it returns.
 */
describeOverSmtp(
  'reset e-mail through a real SMTP server',
  'swreset',
  ({ database, delivery, inbox }) => {
    let kernel: Kernel
    let close: () => Promise<void>

    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database, [], delivery.config()))
      await kernel.services.accounts.addAccount({
        email: 'ada@example.com',
        password: 'correct horse',
        name: 'Ada Lovelace',
      })
    })
    afterAll(() => close?.())

    /**
     * Waits for the queue's row of a sent reset e-mail (`row` its other columns) to be marked
     * sent, its body (the codes) emptied; then the e-mail's link sets `password`, which signs in.
     */
    async function sentThenReset(link: string, row: Record<string, unknown>, password: string) {
      await vi.waitFor(async () =>
        expect(await resetMailRow(kernel, link)).toMatchObject({
          ...row,
          status: 'sent',
          text: '',
          html: '',
        }),
      )
      const reset = await post(kernel, callOf(link), { password })
      expect(reset.statusCode, reset.body).toBe(200)
      await expect(signIn(kernel, 'ada@example.com', password)).resolves.toBeDefined()
    }

    it('queues the reset e-mail, sends it over SMTP, and its link sets the new password', async () => {
      const outbox = await outboxOf(kernel)
      const reply = await post(kernel, '/query/account/resetemail', {
        email: 'ada@example.com',
      })
      expect(reply.statusCode, reply.body).toBe(200)
      expect(reply.json()).toEqual({ ok: true })
      await vi.waitFor(() => expect(inbox.mails).toHaveLength(1), { timeout: 10_000 })
      const mail = inbox.mails[0]!
      expect(inbox.envelopes[0]).toEqual(['ada@example.com'])
      expect(mail.subject).toBe('Reset your password')
      expect(mail.from?.text).toContain('no-reply@shopwright.invalid')
      expect(mail.html).toBeTypeOf('string')
      const link = resetLinkOf(mail)
      // Sent, not written: the outbox is left as it was.
      expect(await outboxOf(kernel)).toEqual(outbox)
      await sentThenReset(link, { to_address: 'ada@example.com' }, 'a new password 1')
    })

    it('answers the same while the SMTP server is away, and sends the e-mail when it returns', async () => {
      const queue = kernel.services.mailQueue
      const received = inbox.mails.length
      await inbox.stop()
      const reply = await post(kernel, '/query/account/resetemail', {
        email: 'ada@example.com',
      })
      expect(reply.statusCode, reply.body).toBe(200)
      expect(reply.json()).toEqual({ ok: true })
      // The first try fails; the message stays queued with its error, waiting for its next try.
      const pending = () =>
        kernel.services
          .db('account_mail')
          .where({ to_address: 'ada@example.com', status: 'pending' })
          .first()
      await vi.waitFor(
        async () => {
          const row = await pending()
          expect(row?.event_key).toMatch(/^reset:[0-9a-f]{64}$/)
          expect(Number(row?.attempts)).toBeGreaterThanOrEqual(1)
          expect(row?.last_error).toBeTruthy()
          expect(row?.text).toContain('/reset/')
        },
        { timeout: 10_000 },
      )
      expect(inbox.mails).toHaveLength(received)

      await inbox.start()
      // The sweep's run once the wait is over (run here at that time rather than waited for).
      // With BullMQ the job's own retry sends it, and this wake of the same job changes nothing.
      const row = await pending()
      await queue.wake(await queue.due(100, Number(row.next_at) + 1))
      await vi.waitFor(() => expect(inbox.mails).toHaveLength(received + 1), {
        timeout: 20_000,
        interval: 50,
      })
      await sentThenReset(resetLinkOf(inbox.mails[received]!), { id: row.id }, 'a new password 2')
    })
  },
)
