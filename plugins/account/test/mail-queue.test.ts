import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { MAIL_TIMING, MailQueue } from '../src/server/mail/mail-queue.js'
import { bootAccounts } from './helpers.js'
import { Inbox } from './smtp-inbox.js'

const message = (key: string) => ({
  key,
  to: 'shopper@example.com',
  subject: key,
  text: `about ${key}`,
  html: `<p>about ${key}</p>`,
})

async function mailRow(kernel: Kernel, key: string) {
  return kernel.services.db('account_mail').where({ event_key: key }).first()
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the mail queue on ${database.name}`, () => {
    const inbox = Inbox.forSuite()
    let kernel: Kernel
    let close: () => Promise<void>

    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database))
    })
    afterAll(() => close())

    it('sends a queued message once, and keeps one message per event', async () => {
      const queue = kernel.services.mailQueue
      const first = await queue.enqueue([message('event-1')])
      const again = await queue.enqueue([message('event-1')])
      expect(first).toHaveLength(1)
      expect(again).toEqual([])
      await vi.waitFor(() => expect(inbox.subjects).toContain('event-1'), { timeout: 10_000 })
      await vi.waitFor(async () => expect((await mailRow(kernel, 'event-1')).status).toBe('sent'))
      // The body (it may hold a link with a secret) does not stay at rest once sent.
      expect(await mailRow(kernel, 'event-1')).toMatchObject({ text: '', html: '' })
      expect(inbox.subjects.filter((subject) => subject === 'event-1')).toHaveLength(1)
    })

    it('lets one of two concurrent senders send a message', async () => {
      const queue = kernel.services.mailQueue
      await kernel.services.db.transaction(async (trx) => {
        await queue.enqueue([message('event-2')], trx)
      })
      const { id } = await mailRow(kernel, 'event-2')
      const outcomes = await Promise.all([queue.send(id), queue.send(id), queue.send(id)])
      expect(outcomes.sort()).toEqual(['busy', 'busy', 'sent'])
      await vi.waitFor(() => expect(inbox.subjects).toContain('event-2'))
      expect(inbox.subjects.filter((subject) => subject === 'event-2')).toHaveLength(1)
    })

    it('stores nothing of a change that rolled back', async () => {
      const queue = kernel.services.mailQueue
      await expect(
        kernel.services.db.transaction(async (trx) => {
          await queue.enqueue([message('event-3')], trx)
          throw new Error('the order failed')
        }),
      ).rejects.toThrow('the order failed')
      expect(await mailRow(kernel, 'event-3')).toBeUndefined()
    })

    it('refuses an event key or a recipient longer than its column, storing nothing', async () => {
      const queue = kernel.services.mailQueue
      await expect(queue.enqueue([message('k'.repeat(192))])).rejects.toThrow(TypeError)
      await expect(
        queue.enqueue([{ ...message('event-long-to'), to: `${'a'.repeat(250)}@example.com` }]),
      ).rejects.toThrow(TypeError)
      expect(await mailRow(kernel, 'event-long-to')).toBeUndefined()
    })

    it('gives a message up after its time, keeps no body, and prunes it later', async () => {
      const failing = {
        send: () => Promise.reject(new Error('550 mailbox unavailable')),
        logWritten: () => undefined,
      }
      const queue = new MailQueue(kernel.services.db, failing, kernel.services.logger, {
        ...MAIL_TIMING,
        abandonMs: 0,
        keepSentMs: 0,
      })
      const [id] = await queue.enqueue([message('event-abandon')])
      expect(await queue.send(id!)).toBe('failed')
      expect(await mailRow(kernel, 'event-abandon')).toMatchObject({
        status: 'abandoned',
        text: '',
        html: '',
        last_error: '550 mailbox unavailable',
      })
      expect(await queue.due(100, Date.now() + 3_600_000)).not.toContain(id)
      await new Promise((resolve) => setTimeout(resolve, 5))
      await queue.prune()
      expect(await mailRow(kernel, 'event-abandon')).toBeUndefined()
    })

    it('keeps a message while the SMTP server is away and sends it when it returns', async () => {
      const queue = kernel.services.mailQueue
      await inbox.stop()
      await queue.enqueue([message('event-4')])
      await vi.waitFor(
        async () => {
          const row = await mailRow(kernel, 'event-4')
          expect(row).toMatchObject({ status: 'pending', lease_until: 0 })
          expect(Number(row.attempts)).toBeGreaterThanOrEqual(1)
          expect(row.last_error).toBeTruthy()
        },
        { timeout: 10_000 },
      )
      const row = await mailRow(kernel, 'event-4')
      // The first failure waits the first back-off, 5 s, before its next try.
      if (Number(row.attempts) === 1) {
        const wait = Number(row.next_at) - Number(row.created_at)
        expect(wait).toBeGreaterThanOrEqual(5_000)
        expect(wait).toBeLessThan(9_000)
      }
      // Its next try waits (back-off): the sweep does not take it before then.
      expect(Number(row.next_at)).toBeGreaterThan(Date.now())
      expect(await queue.due()).not.toContain(row.id)
      await inbox.start()
      // The sweep's run once the wait is over (run here at that time rather than waited for).
      await queue.wake(await queue.due(100, Number(row.next_at) + 1))
      await vi.waitFor(() => expect(inbox.subjects).toContain('event-4'), { timeout: 10_000 })
      await vi.waitFor(async () => expect((await mailRow(kernel, 'event-4')).status).toBe('sent'))
    })
  })

  describe.skipIf(database.skip || redisSkipReason())(
    `the mail queue on two nodes of one ${database.name} and Redis (BullMQ)`,
    () => {
      let first: Kernel
      let second: Kernel
      let close: () => Promise<void>
      const inbox = Inbox.forSuite()

      beforeAll(async () => {
        const shared = { redisUrl: redisUrlForTests(), redisPrefix: `swmail${Date.now()}` }
        const booted = await bootAccounts(database, [], shared)
        first = booted.kernel
        second = await createKernel({
          config: testConfig({ databaseUrl: booted.url, ...shared }),
          plugins: [account, records],
        })
        close = async () => {
          await second.close()
          await booted.close()
        }
      })
      afterAll(() => close())

      it('sends each message once, however many nodes enqueue and wake it', async () => {
        const keys = Array.from({ length: 20 }, (_, index) => `burst-${index}`)
        // Both nodes enqueue every event at once: one row each wins.
        await Promise.all([
          first.services.mailQueue.enqueue(keys.map(message)),
          second.services.mailQueue.enqueue(keys.map(message)),
        ])
        const rows = await first.services.db('account_mail').whereIn('event_key', keys).select('id')
        expect(rows).toHaveLength(20)
        const ids = rows.map((row: { id: string }) => row.id)
        // Both nodes' sweeps wake them all again while their jobs run.
        await Promise.all([first.services.mailQueue.wake(ids), second.services.mailQueue.wake(ids)])
        await vi.waitFor(
          async () => {
            const sent = await first.services
              .db('account_mail')
              .whereIn('event_key', keys)
              .andWhere({ status: 'sent' })
              .count<{ n: number | string }[]>({ n: '*' })
            expect(Number(sent[0]!.n)).toBe(20)
          },
          { timeout: 20_000, interval: 100 },
        )
        await new Promise((resolve) => setTimeout(resolve, 300))
        for (const key of keys)
          expect(inbox.subjects.filter((subject) => subject === key)).toHaveLength(1)
      })
    },
  )
}
