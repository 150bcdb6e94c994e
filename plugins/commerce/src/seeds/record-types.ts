import { type FieldDefinition } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import {
  CATALOGUE_SECURITY,
  CATEGORY_TYPE,
  CREDITMEMO_TYPE,
  GUEST_TYPE,
  INVOICE_TYPE,
  ITEM_TYPE,
  ORDERS_SECURITY,
  ORDER_TYPE,
  SHIPMETHOD_TYPE,
  TAXCODE_TYPE,
} from '../shared/types.js'

/** Embedded types: shapes kept inside other records, never listed as types of their own. */
export const WEBIMAGE_TYPE = 'webimage'
export const PRICEMATRIX_TYPE = 'pricematrix'
export const DOCUMENTLINES_TYPE = 'documentlines'

type Extra = Partial<FieldDefinition>
const field = (
  id: string,
  name: string,
  datatype: string,
  description: string,
  extra: Extra = {},
): FieldDefinition => ({ id, name, datatype, description, ...extra })

/** A field only checkout writes: shown, never edited (the orders guard refuses changes). */
const owned = (
  id: string,
  name: string,
  datatype: string,
  description: string,
  extra: Extra = {},
) => field(id, name, datatype, description, { display: 'view', ...extra })

function recordType(
  id: string,
  name: string,
  icon: string,
  description: string,
  security: string,
  fields: FieldDefinition[],
  extra: Partial<RecordData> = {},
): RecordData {
  return {
    type: 'recordtype',
    id,
    name,
    icon,
    description,
    showintypes: true,
    security,
    fields,
    ...extra,
  }
}

const image = (id: string, name: string, description: string): FieldDefinition =>
  field(id, name, 'record', description, { embed: true, recordtype: WEBIMAGE_TYPE })

/** `price1`, `price2`: one matrix per currency in the sample (README, "Prices"). */
const matrix = (n: number, currency: string): FieldDefinition =>
  field(
    `price${n}`,
    `Prices ${n} (${currency.toUpperCase()})`,
    'record',
    `Quantity breakpoints and a line per price level in ${currency.toUpperCase()}: price_N_ is the unit price from the N-th break up. More currencies take price3, price4 ...`,
    { embed: true, recordtype: PRICEMATRIX_TYPE, tab: 'Prices' },
  )

const text = (id: string, name: string, description: string, extra: Extra = {}) =>
  field(id, name, 'text', description, extra)

/** The lines and header money of an order or an invoice (README, "Records"). */
function documentFields(kind: 'order' | 'invoice'): FieldDefinition[] {
  return [
    owned('tranid', 'Number', 'text', 'The document number.', { showinlist: true }),
    owned('trandate', 'Date', 'datetime', 'When it was placed.', { showinlist: true }),
    field('status', 'Status', 'list', 'Where it stands.', {
      listtype: kind === 'order' ? 'orderstatus' : 'invoicestatus',
      showinlist: true,
      required: true,
    }),
    owned('entity', 'Customer', 'record', 'Who it is for.', {
      recordtype: 'customer',
      showinlist: true,
    }),
    owned('currency', 'Currency', 'record', 'The currency of every amount.', {
      recordtype: 'currency',
    }),
    owned('subtotal', 'Subtotal', 'decimal', 'The lines before tax and shipping.'),
    owned('taxtotal', 'Tax', 'decimal', 'The tax of every line.'),
    owned('shipping_rate', 'Shipping', 'decimal', 'The shipping charged; 0 is shown as Free.'),
    owned('total', 'Total', 'decimal', 'Subtotal, tax and shipping.', { showinlist: true }),
    owned('shipmethod', 'Shipping method', 'record', 'How it is shipped.', {
      recordtype: SHIPMETHOD_TYPE,
    }),
    owned('shipaddress', 'Ship to', 'longtext', 'The shipping address, one line each.'),
    owned('billaddress', 'Bill to', 'longtext', 'The billing address, one line each.'),
    owned('ccnumber', 'Card', 'text', 'The card paid with: its last four digits only.'),
    owned('paymentmethod', 'Payment', 'text', 'How it was paid: a card, or on account.'),
    // Shown read-only: the commerce admin draws the lines as a table (src/admin/DocumentLinesView).
    owned('item', 'Lines', 'record', 'What was bought.', {
      embed: true,
      recordtype: DOCUMENTLINES_TYPE,
    }),
    field('memo', 'Memo', 'longtext', 'A note for staff.'),
  ]
}

/** The record types of the catalogue, orders and invoices, and their embedded shapes. */
export function commerceRecordTypes(): RecordData[] {
  return [
    recordType(
      CATEGORY_TYPE,
      'Category',
      'folder',
      'A storefront category: its page and the items that name it.',
      CATALOGUE_SECURITY,
      [
        text('name', 'Name', 'The category page title.', { required: true, showinlist: true }),
        text('urlcomponent', 'URL component', 'The address fragment; the id when empty.'),
        field('custrecord_web_webcat_content', 'Content', 'htmlx', 'The text above the items.'),
        field('sequence', 'Sequence', 'integer', 'The order of categories in menus.', {
          showinlist: true,
        }),
        field('online', 'Online', 'boolean', 'Shown in the storefront.', { showinlist: true }),
        image('storedisplayimage', 'Image', 'The category image.'),
        field(
          'translations',
          'Translations',
          'translations',
          'The name and content in other languages: { fr: { name, custrecord_web_webcat_content } }.',
        ),
      ],
      // Edited as drafts, published by who may (docs/history.md, "Drafts").
      { listsort: 'name', publishable: true },
    ),
    recordType(
      ITEM_TYPE,
      'Item',
      'cube',
      'A product of the storefront, or a child item (a size or colour) of one.',
      CATALOGUE_SECURITY,
      [
        // Each field names its group of the editor (`tab`: ITEM_TABS, docs/admin.md, "Field
        // groups"); the Options group also lists a parent's child items (src/admin/ChildItems).
        text('displayname', 'Display name', 'The name shoppers see.', {
          required: true,
          showinlist: true,
          tab: 'Details',
        }),
        text(
          'itemid',
          'Item id',
          'The item name; a child\'s is its parent\'s and its options joined by " : ", and its sku is the last part.',
          { showinlist: true, tab: 'Details' },
        ),
        field('online', 'Online', 'boolean', 'Shown and sold in the storefront.', {
          showinlist: true,
          tab: 'Details',
        }),
        field('storedetaileddescription', 'Description', 'htmlx', 'The item page text.', {
          tab: 'Details',
        }),
        field(
          'primarycategory',
          'Primary category',
          'record',
          'The category the item belongs to first.',
          { recordtype: CATEGORY_TYPE, tab: 'Details' },
        ),
        field(
          'categories',
          'Other categories',
          'recordlist',
          'More categories that list the item.',
          { recordtype: CATEGORY_TYPE, tab: 'Details' },
        ),
        field(
          'taxcode',
          'Tax code',
          'record',
          'How the item is taxed; the standard code when empty.',
          { recordtype: TAXCODE_TYPE, tab: 'Details' },
        ),
        field(
          'translations',
          'Translations',
          'translations',
          'The name and description in other languages: { fr: { displayname, storedetaileddescription, optionnames, options } }: a parent\'s option names, a child\'s option values, each joined by " : " like the item id.',
          { tab: 'Details' },
        ),
        matrix(1, 'usd'),
        matrix(2, 'eur'),
        field(
          'parent',
          'Parent item',
          'record',
          'Set on a child item: the item it is an option of.',
          // A list column, so a parent's editor finds its children through the list's filter.
          { recordtype: ITEM_TYPE, showinlist: true, tab: 'Options' },
        ),
        text(
          'optionnames',
          'Option names',
          'On a parent item: the names of its options, in the order its children\'s item ids give their values, joined by " : " (Colour : Size). The item page offers one picker per option.',
          { tab: 'Options' },
        ),
        { ...image('storedisplayimage', 'Image', 'The main image.'), tab: 'Pictures' },
        {
          ...image(
            'storedisplaythumbnail',
            'Thumbnail',
            'The image of lists; the main image when empty.',
          ),
          tab: 'Pictures',
        },
        field('gallery', 'Gallery', 'recordlist', 'More images for the item page.', {
          embed: true,
          recordtype: WEBIMAGE_TYPE,
          tab: 'Pictures',
        }),
        field(
          'stock',
          'Stock count',
          'integer',
          'Units on hand when last counted. Saving a new count sets the stock; sales then lower it (the storefront shows what is available).',
          { showinlist: true, tab: 'Stock' },
        ),
        field(
          'lowstock',
          'Low stock at',
          'integer',
          "The dashboard lists the item as low on stock once this many units or fewer are left to sell; empty: the site's threshold (COMMERCE_LOW_STOCK, 5).",
          { tab: 'Stock' },
        ),
        text('urlcomponent', 'URL component', 'The address fragment; the id when empty.', {
          tab: 'SEO',
        }),
      ],
      { listsort: 'displayname', titlefield: 'displayname', publishable: true },
    ),
    recordType(
      ORDER_TYPE,
      'Sales order',
      'package',
      'An order placed at checkout. Staff ship, cancel and refund it on the orders desk (/orders); the rest is what was bought.',
      ORDERS_SECURITY,
      documentFields('order'),
      { titlefield: 'tranid' },
    ),
    recordType(
      GUEST_TYPE,
      'Guest customer',
      'account',
      'A shopper who bought without an account, one per e-mail. Their orders move to the account that later confirms the same e-mail.',
      ORDERS_SECURITY,
      [
        owned('email', 'E-mail', 'email', 'The address the orders were placed with.', {
          showinlist: true,
        }),
        text('name', 'Name', 'The name of the first shipping address.', { showinlist: true }),
        text('phone', 'Phone', 'The phone of the first shipping address.'),
        owned('language', 'Language', 'text', 'The language of the first order, for e-mails.'),
        owned('claimedby', 'Claimed by', 'record', 'The account that confirmed this e-mail.', {
          recordtype: 'customer',
          showinlist: true,
        }),
      ],
      { listsort: 'name' },
    ),
    recordType(
      INVOICE_TYPE,
      'Invoice',
      'credit-card',
      'The invoice of an order.',
      ORDERS_SECURITY,
      [
        ...documentFields('invoice'),
        owned('duedate', 'Due date', 'datetime', 'When payment is due.'),
        owned('amountremaining', 'Amount due', 'decimal', 'What is left to pay.', {
          showinlist: true,
        }),
        owned('createdfrom', 'Order', 'record', 'The order invoiced.', { recordtype: ORDER_TYPE }),
      ],
      { titlefield: 'tranid' },
    ),
    recordType(
      CREDITMEMO_TYPE,
      'Credit note',
      'cash-refund',
      'Money given back on an order: made by the orders desk with each refund.',
      ORDERS_SECURITY,
      [
        owned('tranid', 'Number', 'text', 'The credit note number.', { showinlist: true }),
        owned('trandate', 'Date', 'datetime', 'When the refund was made.', { showinlist: true }),
        owned('entity', 'Customer', 'record', 'Who it is for.', {
          recordtype: 'customer',
          showinlist: true,
        }),
        owned('createdfrom', 'Order', 'record', 'The order refunded.', {
          recordtype: ORDER_TYPE,
          showinlist: true,
        }),
        owned('invoice', 'Invoice', 'record', 'The invoice it credits.', {
          recordtype: INVOICE_TYPE,
        }),
        owned('currency', 'Currency', 'record', 'The currency of the amount.', {
          recordtype: 'currency',
        }),
        owned('total', 'Amount', 'decimal', 'The money given back.', { showinlist: true }),
        owned('ccnumber', 'Card', 'text', 'The card refunded: its last four digits only.'),
        owned('reason', 'Reason', 'longtext', 'Why it was refunded, as staff wrote it.'),
        field('memo', 'Memo', 'longtext', 'A note for staff.'),
      ],
      { listsort: 'tranid', titlefield: 'tranid' },
    ),
    recordType(
      SHIPMETHOD_TYPE,
      'Shipping method',
      'package',
      'A way to ship orders, with its rate per currency.',
      CATALOGUE_SECURITY,
      [
        text('name', 'Name', 'What shoppers choose.', { required: true, showinlist: true }),
        field('sequence', 'Sequence', 'integer', 'The order shoppers see them in.', {
          showinlist: true,
        }),
        field(
          'rates',
          'Rates',
          'lists',
          'One line per currency: { currency, rate, freeover } (decimals; freeover empty: never free).',
        ),
        field(
          'translations',
          'Translations',
          'translations',
          'The name in other languages: { fr: { name } }.',
        ),
      ],
      { listsort: 'sequence' },
    ),
    recordType(
      TAXCODE_TYPE,
      'Tax code',
      'percent',
      'A tax rate, by the shipping country.',
      CATALOGUE_SECURITY,
      [
        text('name', 'Name', 'The code shown on invoices.', { required: true, showinlist: true }),
        field('rate', 'Rate', 'decimal', 'The percentage for countries without their own.', {
          showinlist: true,
        }),
        field(
          'rates',
          'Rates by country',
          'lists',
          'Lines of { country, rate }: the rate of a shipping country.',
        ),
      ],
    ),
    recordType(
      WEBIMAGE_TYPE,
      'Image',
      'image-frame',
      'An image kept inside a catalogue record.',
      CATALOGUE_SECURITY,
      [
        text('url', 'Address', 'The image address: a drive file, /query/drive/load/public/...', {
          required: true,
        }),
        text('alt', 'Text', 'What the image shows, for those who cannot see it.'),
      ],
      { showintypes: false },
    ),
    recordType(
      PRICEMATRIX_TYPE,
      'Price table',
      'currency-usd',
      'Quantity breakpoints and prices by level and currency.',
      CATALOGUE_SECURITY,
      [
        field('headers', 'Breaks', 'lists', 'The quantity breakpoints, from 1 up: [{ quantity }].'),
        field(
          'lines',
          'Lines',
          'lists',
          'One line per price level and currency: { pricelevel, currency, price_1_, price_2_ ... }.',
        ),
      ],
      { showintypes: false },
    ),
    recordType(
      DOCUMENTLINES_TYPE,
      'Lines',
      'format-list-bulleted',
      'The lines of an order or an invoice.',
      ORDERS_SECURITY,
      [
        field(
          'lines',
          'Lines',
          'lists',
          '{ item, quantity, rate, amount, units, grossamt, taxcode }.',
        ),
      ],
      { showintypes: false },
    ),
  ]
}
