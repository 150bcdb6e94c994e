/**
 * The default order e-mails (README, "Order e-mails"): confirmed, shipped and cancelled, in the
 * shopper's language, as HTML with a plain-text part: the lines, the totals, the addresses and
 * the order's link. A theme replaces any of them by exporting `mailTemplates` with the same name
 * and data (docs/themes.md, "E-mail templates").
 */
import { escapeHtml as html } from '@shopwright/core'
import type { MailContent, MailTemplate } from '@shopwright/plugin-account'
import { orderMailWords, type OrderMailWords } from './order-mail-words.js'

export type OrderMailKind = 'confirmed' | 'shipped' | 'cancelled' | 'refunded'

/** The template names, as a theme's `mailTemplates` names them. */
export const ORDER_MAIL_TEMPLATES: Readonly<Record<OrderMailKind, string>> = {
  confirmed: 'order-confirmed',
  shipped: 'order-shipped',
  cancelled: 'order-cancelled',
  refunded: 'order-refunded',
}

/** What an order e-mail's template is given (amounts in major units, as the order keeps them). */
export interface OrderMailData {
  kind: OrderMailKind
  /** The shop's name (the web configuration's). */
  shop: string
  /** Whom it greets: the shipping address's addressee, else nobody by name. */
  name: string
  order: {
    tranid: string
    /** ISO 8601. */
    trandate: string
    /** ISO 4217 code (`USD`). */
    currency: string
    lines: Array<{ name: string; sku: string; quantity: number; rate: number; amount: number }>
    subtotal: number
    tax: number
    shipping: number
    total: number
    shipmethod: string
    payment: string
    /** One line each, as the order keeps them. */
    shipaddress: string
    billaddress: string
  }
  /** The order's link, absolute (`https://shop.example.com/order/SO10001?key=...`). */
  link: string
  /** With `shipped` sent by the orders desk: what this parcel holds and how to follow it. */
  shipment?: OrderShipment
  /** With `refunded`, and `cancelled` when a card paid: the money given back (major units). */
  refund?: OrderRefundNote
}

/** Money given back on an order (README, "Orders desk"). */
export interface OrderRefundNote {
  /** This refund. */
  amount: number
  /** Everything given back on the order so far, this refund included (absent: this one only). */
  refunded?: number
}

/** One parcel of an order (README, "Orders desk"). */
export interface OrderShipment {
  /** The carrier's name as staff typed it (`UPS`), or empty. */
  carrier: string
  /** The carrier's tracking number, or empty. */
  tracking: string
  lines: Array<{ name: string; sku: string; quantity: number }>
  /** False while units of the order are still to ship after this parcel. */
  complete: boolean
}

/** `{0}` filled: the words carry the order number's place. */
const fill = (text: string, value: string) => text.replace('{0}', value)

function formats(language: string, currency: string) {
  const locale = language.replace(/-.*$/, (rest) => rest.toUpperCase())
  let money: Intl.NumberFormat
  try {
    money = new Intl.NumberFormat(locale, { style: 'currency', currency })
  } catch {
    money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  }
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
  return {
    money: (amount: number) => money.format(amount),
    date: (iso: string) => {
      const when = new Date(iso)
      return Number.isNaN(when.getTime()) ? iso : dates.format(when)
    },
  }
}

/** What a parcel holds and how to follow it, one line each. */
function parcelLines(shipment: OrderShipment, words: OrderMailWords): string[] {
  return [
    ...(shipment.carrier ? [`${words.carrier}${words.colon} ${shipment.carrier}`] : []),
    ...(shipment.tracking ? [`${words.tracking}${words.colon} ${shipment.tracking}`] : []),
    `${words.parcel}${words.colon}`,
    ...shipment.lines.map(
      (line) => `${line.quantity} × ${line.name}${line.sku ? ` (${line.sku})` : ''}`,
    ),
  ]
}

/** The order e-mail of a kind: the default template commerce defines. */
export function orderMail(kind: OrderMailKind): MailTemplate<OrderMailData> {
  return (data, language): MailContent => {
    const words = orderMailWords(language)
    const { order } = data
    const { money, date } = formats(language, order.currency)
    const shipping = order.shipping === 0 ? words.free : money(order.shipping)
    const totals: Array<[string, string]> = [
      [words.subtotal, money(order.subtotal)],
      [words.tax, money(order.tax)],
      [words.shipping, shipping],
      [words.total, money(order.total)],
    ]
    const subject = `${fill(words.subject[kind], order.tranid)} · ${data.shop}`
    const { shipment } = data
    const lead = shipment && !shipment.complete ? words.leadPart : words.lead[kind]
    const parcel = shipment ? parcelLines(shipment, words) : []
    if (data.refund) {
      parcel.push(`${words.refund}${words.colon} ${money(data.refund.amount)}`)
      if (data.refund.refunded !== undefined && data.refund.refunded !== data.refund.amount)
        parcel.push(`${words.refundedSoFar}${words.colon} ${money(data.refund.refunded)}`)
      parcel.push(words.refundDelay)
    }

    const text = [
      words.hello(data.name),
      '',
      lead,
      '',
      ...(parcel.length > 0 ? [...parcel, ''] : []),
      `${words.order} ${order.tranid} · ${date(order.trandate)}`,
      '',
      ...order.lines.map(
        (line) =>
          `${line.quantity} × ${line.name}${line.sku ? ` (${line.sku})` : ''}${words.colon} ${money(line.amount)}`,
      ),
      '',
      ...totals.map(([label, value]) => `${label}${words.colon} ${value}`),
      '',
      `${words.shipTo}${words.colon}`,
      order.shipaddress,
      '',
      `${words.method}${words.colon} ${order.shipmethod}`,
      `${words.payment}${words.colon} ${order.payment}`,
      '',
      `${words.view}${words.colon} ${data.link}`,
      words.keep,
      '',
      words.questions,
      data.shop,
      '',
    ].join('\n')

    const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb'
    const right = `${cell};text-align:right`
    const rows = order.lines
      .map(
        (line) =>
          `<tr><td style="${cell}">${html(line.name)}${line.sku ? `<br><span style="color:#6b7280;font-size:13px">${html(line.sku)}</span>` : ''}</td>` +
          `<td style="${right}">${line.quantity}</td>` +
          `<td style="${right}">${html(money(line.rate))}</td>` +
          `<td style="${right}">${html(money(line.amount))}</td></tr>`,
      )
      .join('\n')
    const totalRows = totals
      .map(
        ([label, value], index) =>
          `<tr><td colspan="3" style="${right}${index === totals.length - 1 ? ';font-weight:bold' : ''}">${html(label)}</td>` +
          `<td style="${right}${index === totals.length - 1 ? ';font-weight:bold' : ''}">${html(value)}</td></tr>`,
      )
      .join('\n')
    const lines = (text: string) => text.split('\n').map(html).join('<br>')
    const body = `<!doctype html>
<html lang="${html(language)}"><head><meta charset="utf-8"><title>${html(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#111827">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${html(data.shop)}</p>
<p>${html(words.hello(data.name))}</p>
<p>${html(lead)}</p>
${parcel.length > 0 ? `<p style="background:#f5f5f4;border-radius:8px;padding:12px">${parcel.map(html).join('<br>')}</p>` : ''}
<p><strong>${html(words.order)} ${html(order.tranid)}</strong> · ${html(date(order.trandate))}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">
<thead><tr><th style="${cell};text-align:left">${html(words.item)}</th><th style="${right}">${html(words.quantity)}</th><th style="${right}">${html(words.price)}</th><th style="${right}">${html(words.amount)}</th></tr></thead>
<tbody>
${rows}
${totalRows}
</tbody>
</table>
<table role="presentation" style="width:100%;margin-top:16px;font-size:15px"><tr>
<td style="vertical-align:top;padding:8px 8px 8px 0"><strong>${html(words.shipTo)}</strong><br>${lines(order.shipaddress)}</td>
<td style="vertical-align:top;padding:8px 0 8px 8px"><strong>${html(words.billTo)}</strong><br>${lines(order.billaddress)}</td>
</tr></table>
<p>${html(words.method)}${html(words.colon)} ${html(order.shipmethod)}<br>${html(words.payment)}${html(words.colon)} ${html(order.payment)}</p>
<p style="margin:24px 0"><a href="${html(data.link)}" style="background:#0f5c63;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${html(words.view)}</a></p>
<p style="color:#6b7280;font-size:13px">${html(words.keep)}<br>${html(words.questions)}</p>
</div>
</body></html>
`
    return { subject, text, html: body }
  }
}
