import type { RecordData } from '@shopwright/core/shared'
import { commerceRecordTypes } from './record-types.js'

/** List types: price levels (NetSuite's five), payment terms, order and invoice statuses. */
export function commerceListTypes(): RecordData[] {
  return [
    {
      type: 'listtype',
      id: 'pricelevel',
      name: 'Price Level',
      values: [
        { id: '1', name: 'Base Price', text: 'baseprice', value: 1 },
        { id: '2', name: 'Alternate Price 1', text: 'alternateprice1', value: 2 },
        { id: '3', name: 'Alternate Price 2', text: 'alternateprice2', value: 3 },
        { id: '4', name: 'Alternate Price 3', text: 'alternateprice3', value: 4 },
        { id: '5', name: 'Online Price', text: 'onlineprice', value: 5 },
      ],
    },
    {
      type: 'listtype',
      id: 'terms',
      name: 'Terms',
      values: [
        { id: 'net15', name: 'Net 15', days: 15 },
        { id: 'net30', name: 'Net 30', days: 30 },
        { id: 'net60', name: 'Net 60', days: 60 },
      ],
    },
    {
      type: 'listtype',
      id: 'orderstatus',
      name: 'Order Status',
      values: [
        { id: 'pendingApproval', name: 'Pending Approval' },
        { id: 'pendingFulfillment', name: 'Pending Fulfillment' },
        { id: 'partiallyFulfilled', name: 'Partially Fulfilled' },
        { id: 'pendingBilling', name: 'Pending Billing' },
        { id: 'billed', name: 'Billed' },
        { id: 'closed', name: 'Closed' },
        { id: 'cancelled', name: 'Cancelled' },
      ],
    },
    {
      type: 'listtype',
      id: 'invoicestatus',
      name: 'Invoice Status',
      values: [
        { id: 'open', name: 'Open' },
        { id: 'paidInFull', name: 'Paid In Full' },
      ],
    },
  ]
}

/** Shipping methods and tax codes every shop starts with (README, "Shipping and tax"). */
export function commerceStarters(): RecordData[] {
  return [
    {
      type: 'shipmethod',
      id: 'standard',
      name: 'Standard',
      sequence: 1,
      rates: [
        { currency: 'usd', rate: 5, freeover: 50 },
        { currency: 'eur', rate: 4.5, freeover: 45 },
      ],
      translations: { fr: { name: 'Standard' } },
    },
    {
      type: 'shipmethod',
      id: 'express',
      name: 'Express',
      sequence: 2,
      rates: [
        { currency: 'usd', rate: 15 },
        { currency: 'eur', rate: 13 },
      ],
      translations: { fr: { name: 'Express' } },
    },
    {
      type: 'shipmethod',
      id: 'pickup',
      name: 'Pick up in store',
      sequence: 3,
      rates: [
        { currency: 'usd', rate: 0 },
        { currency: 'eur', rate: 0 },
      ],
      translations: { fr: { name: 'Retrait en magasin' } },
    },
    {
      type: 'taxcode',
      id: 'standard',
      name: 'Standard',
      rate: 0,
      rates: [
        { country: 'fr', rate: 20 },
        { country: 'de', rate: 19 },
        { country: 'gb', rate: 20 },
      ],
    },
    {
      type: 'taxcode',
      id: 'reduced',
      name: 'Reduced',
      rate: 0,
      rates: [
        { country: 'fr', rate: 5.5 },
        { country: 'de', rate: 7 },
        { country: 'gb', rate: 0 },
      ],
    },
  ]
}

/** What the plugin seeds: inserted by `shopwright seed` (and every start) when missing. */
export function commerceSeeds(): RecordData[] {
  return [...commerceRecordTypes(), ...commerceListTypes(), ...commerceStarters()]
}
