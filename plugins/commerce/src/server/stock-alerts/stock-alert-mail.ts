/**
 * The default back-in-stock e-mail (README, "Back-in-stock e-mails"), in the language the shopper
 * asked in, as HTML with a plain-text part: the item's name and the way to its page. A theme
 * replaces it by exporting `mailTemplates` with the name `stock-back` (docs/themes.md, "E-mail
 * templates").
 */
import { escapeHtml as html } from '@shopwright/core'
import type { MailContent, MailTemplate } from '@shopwright/plugin-account'

/** The template's name, as a theme's `mailTemplates` names it. */
export const STOCK_BACK_TEMPLATE = 'stock-back'

/** What the template is given. */
export interface StockBackData {
  shop: string
  /** The item's name in the shopper's language. */
  item: string
  /** The item page's absolute address. */
  link: string
}

interface Words {
  subject: string
  lead: string
  soon: string
  view: string
  why: string
  /** What follows a label before its value: French sets a no-break space before the colon. */
  colon: string
}

const NBSP = '\u00a0'

const WORDS: Readonly<Record<'en' | 'fr', Words>> = {
  en: {
    subject: '{0} is back in stock',
    lead: 'Good news: {0} is back in stock.',
    soon: 'Stock may not last: we do not hold it for you.',
    view: 'See the item',
    why: 'You asked to be told when it was back. This is the only e-mail about it.',
    colon: ':',
  },
  fr: {
    subject: '{0} est de nouveau en stock',
    lead: `Bonne nouvelle${NBSP}: {0} est de nouveau en stock.`,
    soon: `Le stock peut partir vite${NBSP}: nous ne le réservons pas pour vous.`,
    view: "Voir l'article",
    why: 'Vous avez demandé à être prévenu de son retour. C’est le seul e-mail à ce sujet.',
    colon: `${NBSP}:`,
  },
}

const fill = (text: string, value: string) => text.replace('{0}', value)

export const stockBackMail: MailTemplate<StockBackData> = (data, language): MailContent => {
  const words = language.toLowerCase().startsWith('fr') ? WORDS.fr : WORDS.en
  const subject = `${fill(words.subject, data.item)} · ${data.shop}`
  const text = [
    fill(words.lead, data.item),
    words.soon,
    '',
    `${words.view}${words.colon} ${data.link}`,
    '',
    words.why,
    data.shop,
    '',
  ].join('\n')
  const body = `<!doctype html>
<html lang="${html(language)}"><head><meta charset="utf-8"><title>${html(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#111827">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${html(data.shop)}</p>
<p>${html(fill(words.lead, data.item))}</p>
<p>${html(words.soon)}</p>
<p style="margin:24px 0"><a href="${html(data.link)}" style="background:#0f5c63;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${html(words.view)}</a></p>
<p style="color:#6b7280;font-size:13px">${html(words.why)}</p>
</div>
</body></html>
`
  return { subject, text, html: body }
}
