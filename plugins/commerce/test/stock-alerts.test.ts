import { beforeAll, describe, expect, it } from 'vitest'
import { codeOf, describePlugin, inject, type TestSite } from '@shopwright/core/testing'
import { STOCK_ALERTS_TABLE } from '../src/server/migrations.js'
import { MAX_ALERTS_PER_EMAIL } from '../src/server/stock-alerts/stock-alerts.js'
import { stockBackMail } from '../src/server/stock-alerts/stock-alert-mail.js'
import { COMMERCE_SUITE, entityOf, localeCookie, type Person, post } from './helpers.js'

/** The running site of the suite now running (the helpers below read it). */
let site: TestSite<Person>

let clients = 0
/** An ask from a client address of its own (the kernel trusts X-Forwarded-For). */
function ask(payload: unknown, cookie = '', address?: string) {
  clients++
  return inject(
    { app: site.kernel.app },
    {
      method: 'POST',
      url: '/query/stock/alert',
      ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-forwarded-for': address ?? `10.7.${(clients >> 8) & 255}.${clients & 255}`,
      },
    },
  )
}

async function alerts(): Promise<Array<{ item: string; email: string; language: string }>> {
  return (await site.kernel.services
    .db(STOCK_ALERTS_TABLE)
    .orderBy('id')
    .select('item', 'email', 'language')) as Array<{
    item: string
    email: string
    language: string
  }>
}

describe('the back-in-stock e-mail', () => {
  it('names the item in the language asked in and links to its page, as text and HTML', () => {
    const data = {
      shop: 'Shop <&>',
      item: 'Tasse <bleue>',
      link: 'https://shop.test/item/x?a=1&b=2',
    }
    const french = stockBackMail(data, 'fr')
    expect(french.subject).toBe('Tasse <bleue> est de nouveau en stock · Shop <&>')
    // French typography: a no-break space before the colon.
    expect(french.text).toContain("Voir l'article\u00a0: https://shop.test/item/x?a=1&b=2")
    expect(french.text).toContain('Bonne nouvelle\u00a0: Tasse')
    expect(french.html).toContain('Tasse &lt;bleue&gt;')
    expect(french.html).toContain('href="https://shop.test/item/x?a=1&amp;b=2"')
    expect(french.html).not.toContain('<bleue>')
    expect(stockBackMail(data, 'en-us').subject).toBe('Tasse <bleue> is back in stock · Shop <&>')
  })
})

describePlugin(
  'back-in-stock alerts',
  { ...COMMERCE_SUITE, config: { trustProxy: true } },
  (current) => {
    beforeAll(() => {
      site = current
    })

    it('keeps one alert per item and e-mail, in the language of the latest ask', async () => {
      expect((await ask({ item: 'zebra-mug', email: ' Zoe@Example.com ' })).statusCode).toBe(200)
      const again = await ask(
        { item: 'zebra-mug', email: 'zoe@example.com' },
        localeCookie('eur', 'fr', 'fr'),
      )
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual({ ok: true })
      // A child item with no units (a colour and size) is asked for by its own id.
      expect((await ask({ item: 'tee-red-l', email: 'zoe@example.com' })).statusCode).toBe(200)
      expect(await alerts()).toEqual([
        { item: 'zebra-mug', email: 'zoe@example.com', language: 'fr' },
        { item: 'tee-red-l', email: 'zoe@example.com', language: 'en-us' },
      ])
    })

    it('tells a signed-in customer at their own address unless they give another', async () => {
      const reply = await post(site.kernel, site.cookie('ada'), '/query/stock/alert', {
        item: 'zebra-mug',
      })
      expect(reply.statusCode, reply.body).toBe(200)
      const ada = (await site.kernel.services.records.find('customer', entityOf(site, 'ada').id))!
      expect((await alerts()).map((alert) => alert.email)).toContain(
        String(ada.email).toLowerCase(),
      )
    })

    it('refuses items in stock, that cannot be bought, and bad asks, keeping nothing', async () => {
      const before = await alerts()
      const cases: Array<[unknown, number, string]> = [
        [{ item: 'anchor-mug', email: 'a@example.com' }, 409, 'ERROR_ITEM_IN_STOCK'],
        // A parent is bought through its options; offline and made-up items are not sold.
        [{ item: 'tee', email: 'a@example.com' }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'],
        [{ item: 'offline-mug', email: 'a@example.com' }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'],
        [{ item: 'no-such-mug', email: 'a@example.com' }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'],
        [{ item: '../zebra-mug', email: 'a@example.com' }, 400, 'ERROR_INVALID_ID'],
        [{ item: 'zebra-mug', email: 'not an e-mail' }, 400, 'ERROR_INVALID_EMAIL'],
        // A visitor must say where to write.
        [{ item: 'zebra-mug' }, 400, 'ERROR_INVALID_EMAIL'],
        [
          { item: 'zebra-mug', email: `${'a'.repeat(250)}@example.com` },
          400,
          'ERROR_INVALID_INPUT',
        ],
        [{ item: 'zebra-mug', email: 'a@example.com', extra: 1 }, 400, 'ERROR_INVALID_INPUT'],
        [
          '{"item":"zebra-mug","__proto__":{"x":1},"email":"a@example.com"}',
          400,
          'ERROR_INVALID_INPUT',
        ],
        ['{"item":', 400, 'ERROR_JSON_BODY'],
        [{ item: 7, email: 'a@example.com' }, 400, 'ERROR_INVALID_INPUT'],
      ]
      for (const [payload, status, code] of cases) {
        const reply = await ask(payload)
        expect([reply.statusCode, codeOf(reply)], JSON.stringify(payload)).toEqual([status, code])
      }
      expect(await alerts()).toEqual(before)
    })

    it('counts asks per address and caps the alerts one e-mail may have waiting', async () => {
      const address = '10.8.0.1'
      for (let n = 0; n < 10; n++)
        expect(
          (await ask({ item: 'zebra-mug', email: `n${n}@example.com` }, '', address)).statusCode,
        ).toBe(200)
      const limited = await ask({ item: 'zebra-mug', email: 'n10@example.com' }, '', address)
      expect([limited.statusCode, codeOf(limited)]).toEqual([429, 'ERROR_TOO_MANY_REQUESTS'])
      expect(limited.headers['retry-after']).toBeDefined()

      const { db } = site.kernel.services
      await db(STOCK_ALERTS_TABLE).insert(
        Array.from({ length: MAX_ALERTS_PER_EMAIL }, (_, n) => ({
          item: `filler-${n}`,
          email: 'full@example.com',
          language: 'en-us',
          created_at: Date.now(),
        })),
      )
      const full = await ask({ item: 'zebra-mug', email: 'full@example.com' })
      expect([full.statusCode, codeOf(full)]).toEqual([429, 'ERROR_TOO_MANY_REQUESTS'])
      expect(
        await db(STOCK_ALERTS_TABLE).where({ email: 'full@example.com', item: 'zebra-mug' }),
      ).toEqual([])
      // Asking again for an alert it has is always taken, at the cap too.
      await db(STOCK_ALERTS_TABLE)
        .where({ email: 'full@example.com', item: 'filler-0' })
        .update({ item: 'tee-red-l' })
      const again = await ask({ item: 'tee-red-l', email: 'full@example.com' })
      expect(again.statusCode, again.body).toBe(200)
      await db(STOCK_ALERTS_TABLE).where({ email: 'full@example.com' }).delete()
    })

    it('queues one e-mail per alert once the item has units again, in its language, and forgets it', async () => {
      const { db, stockAlerts } = site.kernel.containerOf('commerce').cradle
      const waiting = (await alerts()).filter((alert) => alert.item === 'zebra-mug')
      expect(waiting.length).toBeGreaterThan(2)
      // Still out of stock: nothing to tell.
      expect(await stockAlerts.sweep()).toBe(0)
      const restocked = await post(
        site.kernel,
        site.cookie('marketingmanager'),
        '/query/data/update/item/zebra-mug',
        [{ field: 'stock', value: 5 }],
      )
      expect(restocked.statusCode, restocked.body).toBe(200)
      expect(await stockAlerts.sweep()).toBe(waiting.length)
      expect((await alerts()).filter((alert) => alert.item === 'zebra-mug')).toEqual([])
      // Told once: the next sweep has nothing, and the child item's alert still waits.
      expect(await stockAlerts.sweep()).toBe(0)
      expect((await alerts()).map((alert) => alert.item)).toContain('tee-red-l')
      const mails = (await db('account_mail')
        .where('event_key', 'like', 'stock-back:%')
        .select('to_address', 'subject')) as Array<{ to_address: string; subject: string }>
      expect(mails).toHaveLength(waiting.length)
      const zoe = mails.find((mail) => mail.to_address === 'zoe@example.com')
      expect(zoe?.subject).toMatch(/^Zebra Mug est de nouveau en stock · /)
      expect(mails.find((mail) => mail.to_address === 'n0@example.com')?.subject).toMatch(
        /^Zebra Mug is back in stock · /,
      )
      // In stock now: a new ask is refused.
      const late = await ask({ item: 'zebra-mug', email: 'late@example.com' })
      expect(codeOf(late)).toBe('ERROR_ITEM_IN_STOCK')
    })
  },
)
