import type { CardForm } from '../../components/CardFields.js'
import { fullExpiry } from '../../components/card-input.js'
import type { CheckoutCard } from '../../lib/commerce.js'

/** How the order is paid: a saved card, a card typed here, or the account's credit terms. */
export type PaymentChoice = { kind: 'saved'; id: string } | { kind: 'card' } | { kind: 'account' }

/** The new card's form before anything is typed. */
export const EMPTY_CARD: CardForm = {
  ccnumber: '',
  ccexpiredate: '',
  ccname: '',
  paymentmethod: '',
  cvc: '',
}

/** The place call's payment for a choice: a new card as typed, its number without spaces. */
export function paymentOf(choice: PaymentChoice, card: CardForm) {
  if (choice.kind === 'saved') return { saved: choice.id }
  if (choice.kind === 'account') return { account: true as const }
  return {
    card: {
      number: card.ccnumber.replace(/\s+/g, ''),
      expiry: fullExpiry(card.ccexpiredate),
      ...(card.ccname.trim() ? { name: card.ccname.trim() } : {}),
      paymentmethod: card.paymentmethod,
      cvc: (card.cvc ?? '').trim(),
    },
  }
}

/** The payment a checkout starts with: the default saved card, else the first, else a new card. */
export function firstChoice(cards: readonly CheckoutCard[]): PaymentChoice {
  const card = cards.find((each) => each.ccdefault) ?? cards[0]
  return card ? { kind: 'saved', id: card.internalid } : { kind: 'card' }
}
