import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ParsedMail } from 'mailparser'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import type { PlacedOrder } from '../src/index.js'
import { mailOfChange } from '../src/server/mail/order-mails.js'
import { Inbox, mailDeliveries } from '../../account/test/smtp-inbox.js'
import {
  GUEST_ADDRESS,
  VISA,
  bootCommerce,
  call,
  cartCookie,
  localeCookie,
  newCustomer,
  post,
} from './helpers.js'

const ADDRESS = GUEST_ADDRESS

describe('which status change tells the shopper', () => {
  it('tells of shipping once an order leaves the statuses before it, and of a cancellation', () => {
    expect(mailOfChange('pendingFulfillment', 'pendingBilling')).toBe('shipped')
    expect(mailOfChange('partiallyFulfilled', 'billed')).toBe('shipped')
    expect(mailOfChange('pendingFulfillment', 'cancelled')).toBe('cancelled')
    expect(mailOfChange('pendingBilling', 'billed')).toBeNull()
    expect(mailOfChange('pendingFulfillment', 'pendingFulfillment')).toBeNull()
    expect(mailOfChange('pendingFulfillment', 'pendingApproval')).toBeNull()
  })
})

/**
 * Order e-mails end to end (issue 33): placed as a guest in English and as a customer in French,
 * each order's confirmation is queued with it, goes over SMTP to a real server started here, and
 * is read back with mailparser: the lines, totals, addresses and the order's link in the shopper's
 * language, HTML with a plain-text part. Staff's status changes send shipped and cancelled, once
 * each. With the SMTP server away, the order is placed all the same and its e-mail goes when the
 * server returns.
 */
for (const database of databasesUnderTest())
  // BullMQ's jobs run on any node, once.
  for (const delivery of mailDeliveries('sworder'))
    describe.skipIf(database.skip || delivery.skip)(
      `order e-mails through a real SMTP server on ${database.name}, ${delivery.name}`,
      () => {
        const inbox = Inbox.forSuite()
        let booted: Awaited<ReturnType<typeof bootCommerce>>

        beforeAll(async () => {
          booted = await bootCommerce(database, { trustProxy: true, ...delivery.config() })
        })
        afterAll(() => booted?.close())

        /** The first received e-mail to `to` whose subject matches. */
        async function received(to: string, subject: RegExp): Promise<ParsedMail> {
          let found: ParsedMail | undefined
          await vi.waitFor(
            () => {
              found = inbox.mails.find(
                (mail, index) =>
                  inbox.envelopes[index]!.includes(to) && subject.test(mail.subject ?? ''),
              )
              if (!found) throw new Error(`no e-mail "${subject.source}" to ${to} yet`)
            },
            { timeout: 15_000, interval: 25 },
          )
          return found!
        }

        async function guestOrder(email: string, cookieExtra = ''): Promise<PlacedOrder> {
          const added = await post(booted.kernel, cookieExtra, '/query/cart/add', {
            item: 'blue-mug',
            quantity: 2,
          })
          const cookie = cartCookie(added, cookieExtra)
          await post(booted.kernel, cookie, '/query/checkout/guest', { email, address: ADDRESS })
          const placed = await post(booted.kernel, cookie, '/query/checkout/place', {
            idempotencykey: `mail-${email.replace(/\W/g, '-')}`.padEnd(16, 'x'),
            payment: { card: VISA },
          })
          expect(placed.statusCode, placed.body).toBe(200)
          return placed.json<PlacedOrder>()
        }

        it("sends a guest's confirmation in English: lines, totals, addresses and the order's link", async () => {
          const placed = await guestOrder('grace.mail@example.com')
          const mail = await received('grace.mail@example.com', /confirmed/)
          expect(mail.subject).toBe(
            `Your order ${placed.order.tranid} is confirmed · Shopwright Test Company`,
          )
          const text = mail.text ?? ''
          expect(text).toContain('Hello Grace Hopper,')
          expect(text).toContain('2 × Blue Mug')
          expect(text).toContain(`Total: $${(placed.total / 100).toFixed(2)}`)
          expect(text).toContain('Arlington, Virginia 22201')
          expect(text).toContain('Visa •••• 4242')
          const link = /https?:\/\/\S+\/order\/\S+/.exec(text)?.[0]
          expect(link).toMatch(new RegExp(`/order/${placed.order.id}\\?key=[\\w-]{43}$`))
          // A link of its own (the answer's is another), that opens the order.
          expect(new URL(link!).pathname + new URL(link!).search).not.toBe(placed.link)
          const opened = await call(booted.kernel, '', {
            url: `/query/ns${new URL(link!).pathname}${new URL(link!).search}`,
          })
          expect(opened.statusCode, opened.body).toBe(200)
          expect(mail.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`)
          expect(mail.html).toContain('<table')
          // Sent once, emptied once sent.
          const rows = await booted.kernel.services
            .db('account_mail')
            .where({ event_key: `order:${placed.order.id}:confirmed` })
            .select('status', 'html')
          expect(rows).toEqual([{ status: 'sent', html: '' }])
        })

        it("sends a customer's confirmation in French, and shipped and cancelled once each", async () => {
          const { kernel } = booted
          const ines = await newCustomer(kernel, 'ines.mail@example.com', 'fr')
          const cookie = `${ines.cookie}; ${localeCookie('eur', 'fr', 'fr')}`
          await post(kernel, cookie, '/query/cart/add', { item: 'blue-mug', quantity: 1 })
          const placed = (
            await post(kernel, cookie, '/query/checkout/place', {
              idempotencykey: 'mail-ines-0000001',
              payment: { card: VISA },
            })
          ).json<PlacedOrder>()
          const confirmed = await received('ines.mail@example.com', /confirmée/)
          expect(confirmed.subject).toBe(
            `Votre commande ${placed.order.tranid} est confirmée · Shopwright Test Company`,
          )
          expect(confirmed.text).toContain('Bonjour Ada Lovelace,')
          expect(confirmed.text).toContain('1 × Tasse bleue')
          // French typography: a no-break space before the colon; euros as French writes them
          // ("11,00 €", with a no-break space before the sign).
          expect(confirmed.text).toMatch(/\nSous-total\u00a0: \d+,\d{2}\s€\n/)
          expect(confirmed.text).toMatch(/\nTotal\u00a0: \d+,\d{2}\s€\n/)
          expect(confirmed.text).toContain('France')

          const setStatus = (status: string) =>
            kernel.services.records.modify(
              SYSTEM_ACTOR,
              'salesorder',
              placed.order.id,
              ['status'],
              (record) => {
                record.status = status
              },
            )
          await setStatus('pendingBilling')
          const shipped = await received('ines.mail@example.com', /expédiée/)
          expect(shipped.text).toContain('votre commande est en route')
          // Billed after shipping tells nothing new; a cancellation does, once.
          await setStatus('billed')
          await setStatus('cancelled')
          await received('ines.mail@example.com', /annulée/)
          await setStatus('pendingFulfillment')
          await setStatus('cancelled')
          await new Promise((resolve) => setTimeout(resolve, 300))
          const mine = inbox.envelopes.filter((to) => to.includes('ines.mail@example.com'))
          expect(mine).toHaveLength(3)
        })

        it('places the order while the SMTP server is away, and sends its e-mail when it returns', async () => {
          await inbox.stop()
          let placed: PlacedOrder
          try {
            placed = await guestOrder('outage.mail@example.com')
          } finally {
            // The queue tried and failed at least once: the message waits, with its error.
            await vi.waitFor(
              async () => {
                const row = (await booted.kernel.services
                  .db('account_mail')
                  .where('event_key', 'like', 'order:%:confirmed')
                  .andWhere({ to_address: 'outage.mail@example.com' })
                  .first('status', 'attempts')) as { status: string; attempts: number } | undefined
                expect(row?.status).toBe('pending')
                expect(Number(row?.attempts)).toBeGreaterThan(0)
              },
              { timeout: 15_000, interval: 50 },
            )
            await inbox.start()
          }
          // Once the server is back, the next try sends it (as the queue's sweep would, every 15 s).
          const row = (await booted.kernel.services
            .db('account_mail')
            .where({ to_address: 'outage.mail@example.com' })
            .first('id')) as { id: string }
          await booted.kernel.services.mailQueue.send(row.id)
          const mail = await received('outage.mail@example.com', /confirmed/)
          expect(mail.subject).toContain(placed!.order.tranid)
        }, 60_000)

        it("uses a theme's template where it has one, and the default when it fails", async () => {
          const templates = booted.kernel.services.mailTemplates
          templates.useTheme({
            'order-confirmed': (data: { order: { tranid: string } }, language: string) => ({
              subject: `Themed ${data.order.tranid} (${language})`,
              text: 'themed',
              html: '<p>themed</p>',
            }),
          })
          try {
            const placed = await guestOrder('themed.mail@example.com')
            const mail = await received('themed.mail@example.com', /^Themed/)
            expect(mail.subject).toBe(`Themed ${placed.order.tranid} (en-us)`)
            templates.useTheme({
              'order-confirmed': () => {
                throw new Error('a broken theme')
              },
            })
            await guestOrder('broken.mail@example.com')
            await received('broken.mail@example.com', /is confirmed/)
          } finally {
            templates.useTheme({})
          }
        })
      },
    )
