import { describe, expect, it } from 'vitest'
import { orderMail, type OrderMailData } from './order-mail.js'

const DATA: OrderMailData = {
  kind: 'shipped',
  shop: 'Shopwright Test Company',
  name: 'Ada Lovelace',
  order: {
    tranid: 'SO10001',
    trandate: '2026-12-01T10:00:00.000Z',
    currency: 'USD',
    lines: [
      { name: 'Anchor Mug', sku: 'MUG-1', quantity: 3, rate: 12, amount: 36 },
      { name: 'Blue Mug', sku: '', quantity: 1, rate: 10, amount: 10 },
    ],
    subtotal: 46,
    tax: 0,
    shipping: 0,
    total: 46,
    shipmethod: 'Ground',
    payment: 'Visa •••• 4242',
    shipaddress: 'Ada Lovelace\n12 Analytical Row',
    billaddress: 'Ada Lovelace\n12 Analytical Row',
  },
  link: 'https://shop.example.com/order/SO10001?key=k',
}

const parcel = (complete: boolean, carrier = 'UPS') => ({
  ...DATA,
  shipment: {
    carrier,
    tracking: '1Z999AA10123456784',
    lines: [{ name: 'Anchor Mug', sku: 'MUG-1', quantity: 2 }],
    complete,
  },
})

describe('the shipped e-mail of a parcel from the orders desk', () => {
  it('says part of the order is on its way, with the carrier, tracking number and what the parcel holds', () => {
    const mail = orderMail('shipped')(parcel(false), 'en-us')
    expect(mail.text).toContain('Good news: part of your order is on its way.')
    expect(mail.text).toContain(
      'Carrier: UPS\nTracking number: 1Z999AA10123456784\nIn this parcel:\n2 × Anchor Mug (MUG-1)',
    )
    expect(mail.html).toContain('Tracking number: 1Z999AA10123456784')
  })

  it('says the order is on its way when the parcel completes it, and in French', () => {
    expect(orderMail('shipped')(parcel(true), 'en-us').text).toContain(
      'Good news: your order is on its way.',
    )
    const french = orderMail('shipped')(parcel(false), 'fr-fr').text
    expect(french).toContain('une partie de votre commande est en route')
    expect(french).toContain('Numéro de suivi\u00a0: 1Z999AA10123456784')
  })

  it('writes what staff typed as text, never as markup', () => {
    const mail = orderMail('shipped')(parcel(false, '<img src=x onerror=alert(1)>'), 'en-us')
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('leaves a shipped e-mail without a parcel as it was', () => {
    const mail = orderMail('shipped')(DATA, 'en-us')
    expect(mail.text).not.toContain('In this parcel')
    expect(mail.text).toContain('Good news: your order is on its way.')
  })
})

describe('the refund and cancelled e-mails of the orders desk', () => {
  it('says how much went back to the card, all refunds so far, and when it shows', () => {
    const mail = orderMail('refunded')(
      { ...DATA, kind: 'refunded', refund: { amount: 5, refunded: 12.5 } },
      'en-us',
    )
    expect(mail.subject).toBe('A refund on your order SO10001 · Shopwright Test Company')
    expect(mail.text).toContain(
      'Refunded to your card: $5.00\nRefunded on this order so far: $12.50\nIt can take a few days',
    )
    expect(mail.html).toContain('Refunded to your card: $5.00')
  })

  it('tells a cancelled card order what goes back, in French too, and a first refund once', () => {
    const data = { ...DATA, kind: 'cancelled' as const, refund: { amount: 46 } }
    const mail = orderMail('cancelled')(data, 'en-us')
    expect(mail.text).toContain('Your order was cancelled: it will not be shipped.')
    expect(mail.text).toContain('Refunded to your card: $46.00\nIt can take')
    expect(mail.text).not.toContain('so far')
    expect(orderMail('cancelled')(data, 'fr-fr').text).toContain(
      'Remboursé sur votre carte\u00a0: 46,00\u00a0$US',
    )
  })

  it('says nothing of money on a cancelled order nothing was captured for', () => {
    const mail = orderMail('cancelled')({ ...DATA, kind: 'cancelled' }, 'en-us')
    expect(mail.text).not.toContain('Refunded')
  })
})
