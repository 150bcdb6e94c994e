/** The order e-mails' words in the languages commerce writes them in; any other reads English. */
export interface OrderMailWords {
  subject: { confirmed: string; shipped: string; cancelled: string; refunded: string }
  lead: { confirmed: string; shipped: string; cancelled: string; refunded: string }
  /** The lead of a parcel that leaves units of the order still to ship. */
  leadPart: string
  carrier: string
  tracking: string
  /** Before the lines a parcel holds. */
  parcel: string
  /** Money given back: this refund, all refunds so far, and when it shows. */
  refund: string
  refundedSoFar: string
  refundDelay: string
  hello: (name: string) => string
  order: string
  date: string
  item: string
  quantity: string
  price: string
  amount: string
  subtotal: string
  tax: string
  shipping: string
  free: string
  total: string
  shipTo: string
  billTo: string
  method: string
  payment: string
  view: string
  keep: string
  questions: string
  /** What follows a label before its value: French sets a no-break space before the colon. */
  colon: string
}

const NBSP = '\u00a0'

export const ORDER_MAIL_WORDS: Readonly<Record<'en' | 'fr', OrderMailWords>> = {
  en: {
    subject: {
      confirmed: 'Your order {0} is confirmed',
      shipped: 'Your order {0} has shipped',
      cancelled: 'Your order {0} was cancelled',
      refunded: 'A refund on your order {0}',
    },
    lead: {
      confirmed:
        'Thank you for your order. We are getting it ready and will tell you when it ships.',
      shipped: 'Good news: your order is on its way.',
      cancelled: 'Your order was cancelled: it will not be shipped.',
      refunded: 'We have given money back on your order.',
    },
    leadPart: 'Good news: part of your order is on its way. We will tell you when the rest ships.',
    carrier: 'Carrier',
    tracking: 'Tracking number',
    parcel: 'In this parcel',
    refund: 'Refunded to your card',
    refundedSoFar: 'Refunded on this order so far',
    refundDelay: 'It can take a few days to show on your statement.',
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    order: 'Order',
    date: 'Date',
    item: 'Item',
    quantity: 'Qty',
    price: 'Price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total',
    shipTo: 'Ship to',
    billTo: 'Bill to',
    method: 'Shipping method',
    payment: 'Payment',
    view: 'View your order',
    keep: 'Keep this e-mail: its link shows your order to whoever holds it.',
    questions: 'Questions? Reply to this e-mail.',
    colon: ':',
  },
  fr: {
    subject: {
      confirmed: 'Votre commande {0} est confirmée',
      shipped: 'Votre commande {0} a été expédiée',
      cancelled: 'Votre commande {0} a été annulée',
      refunded: 'Un remboursement sur votre commande {0}',
    },
    lead: {
      confirmed: `Merci pour votre commande. Nous la préparons et vous préviendrons de son expédition.`,
      shipped: `Bonne nouvelle${NBSP}: votre commande est en route.`,
      cancelled: `Votre commande a été annulée${NBSP}: elle ne sera pas expédiée.`,
      refunded: 'Nous avons effectué un remboursement sur votre commande.',
    },
    leadPart: `Bonne nouvelle${NBSP}: une partie de votre commande est en route. Nous vous préviendrons de l’expédition du reste.`,
    carrier: 'Transporteur',
    tracking: 'Numéro de suivi',
    parcel: 'Dans ce colis',
    refund: 'Remboursé sur votre carte',
    refundedSoFar: 'Remboursé sur cette commande à ce jour',
    refundDelay: 'Le remboursement peut mettre quelques jours à apparaître sur votre relevé.',
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    order: 'Commande',
    date: 'Date',
    item: 'Article',
    quantity: 'Qté',
    price: 'Prix',
    amount: 'Montant',
    subtotal: 'Sous-total',
    tax: 'Taxes',
    shipping: 'Livraison',
    free: 'Gratuite',
    total: 'Total',
    shipTo: 'Livrer à',
    billTo: 'Facturer à',
    method: 'Mode de livraison',
    payment: 'Paiement',
    view: 'Voir votre commande',
    keep: `Gardez cet e-mail${NBSP}: son lien montre votre commande à qui le détient.`,
    questions: `Une question${NBSP}? Répondez à cet e-mail.`,
    colon: `${NBSP}:`,
  },
}

/** The words of a site language (`fr`, `fr-ca`, `en-us`...). */
export function orderMailWords(language: string): OrderMailWords {
  return language.toLowerCase().startsWith('fr') ? ORDER_MAIL_WORDS.fr : ORDER_MAIL_WORDS.en
}
