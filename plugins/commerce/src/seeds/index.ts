import { type ListTypeData } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import { commerceRecordTypes } from './record-types.js'
import { PAYMENTS_SECURITY } from '../shared/types.js'

/** A list type record. */
const listType = (id: string, name: string, values: ListTypeData['values']): ListTypeData => ({
  type: 'listtype',
  id,
  name,
  values,
})
/** Values that are only an id and a name: `{ open: 'Open' }`. */
const named = (names: Record<string, string>) =>
  Object.entries(names).map(([id, name]) => ({ id, name }))

/** List types: price levels (NetSuite's five), payment terms, order and invoice statuses. */
export function commerceListTypes(): RecordData[] {
  const levels = [
    'Base Price',
    'Alternate Price 1',
    'Alternate Price 2',
    'Alternate Price 3',
    'Online Price',
  ]
  return [
    // A level's text is its name without spaces, lower case; its value its number.
    listType(
      'pricelevel',
      'Price Level',
      levels.map((name, index) => ({
        id: String(index + 1),
        name,
        text: name.replaceAll(' ', '').toLowerCase(),
        value: index + 1,
      })),
    ),
    listType(
      'terms',
      'Terms',
      [15, 30, 60].map((days) => ({ id: `net${days}`, name: `Net ${days}`, days })),
    ),
    listType(
      'orderstatus',
      'Order Status',
      named({
        pendingApproval: 'Pending Approval',
        pendingFulfillment: 'Pending Fulfillment',
        partiallyFulfilled: 'Partially Fulfilled',
        pendingBilling: 'Pending Billing',
        billed: 'Billed',
        closed: 'Closed',
        cancelled: 'Cancelled',
      }),
    ),
    listType(
      'invoicestatus',
      'Invoice Status',
      // Moving an invoice between open and paid in full needs edit on `payments` (the invoice's
      // guard); the values say so, so the admin offers them only to who may (docs/admin.md).
      named({ open: 'Open', paidInFull: 'Paid In Full', voided: 'Voided' }).map((value) =>
        value.id === 'voided' ? value : { ...value, security: PAYMENTS_SECURITY },
      ),
    ),
  ]
}

/** A shipping method with its French name and its rates in dollars and euros. */
const shipMethod = (
  id: string,
  [name, french]: [string, string],
  sequence: number,
  [usd, eur]: [Record<string, number>, Record<string, number>],
): RecordData => ({
  type: 'shipmethod',
  id,
  name,
  sequence,
  rates: [
    { currency: 'usd', ...usd },
    { currency: 'eur', ...eur },
  ],
  translations: { fr: { name: french } },
})

/** A tax code with its rate by country (0 elsewhere). */
const taxCode = (id: string, name: string, rates: Record<string, number>): RecordData => ({
  type: 'taxcode',
  id,
  name,
  rate: 0,
  rates: Object.entries(rates).map(([country, rate]) => ({ country, rate })),
})

/** Shipping methods and tax codes every shop starts with (README, "Shipping and tax"). */
export function commerceStarters(): RecordData[] {
  return [
    shipMethod('standard', ['Standard', 'Standard'], 1, [
      { rate: 5, freeover: 50 },
      { rate: 4.5, freeover: 45 },
    ]),
    shipMethod('express', ['Express', 'Express'], 2, [{ rate: 15 }, { rate: 13 }]),
    shipMethod('pickup', ['Pick up in store', 'Retrait en magasin'], 3, [{ rate: 0 }, { rate: 0 }]),
    taxCode('standard', 'Standard', { fr: 20, de: 19, gb: 20 }),
    taxCode('reduced', 'Reduced', { fr: 5.5, de: 7, gb: 0 }),
  ]
}

/** What the plugin seeds: inserted by `shopwright seed` (and every start) when missing. */
export function commerceSeeds(): RecordData[] {
  return [...commerceRecordTypes(), ...commerceListTypes(), ...commerceStarters()]
}
