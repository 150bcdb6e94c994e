import { expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import type { FieldDefinition } from '@shopwright/client'
import { commerceRecordTypes } from '../src/seeds/record-types.js'
// The account plugin's seeds from its source, by path: the suites run its build, which may be older.
import { accountSeeds } from '../../account/src/seeds/index.js'
import {
  addFieldProperties,
  addFields,
  addListValues,
  creditFieldsAdded,
  addTitleFields,
  itemFieldUpgrades,
  LIST_VALUES_ADDED,
  TITLE_FIELDS,
} from '../src/server/documents/seed-upgrades.js'
import { COMMERCE_SUITE } from './helpers.js'

const quiet = { warn: () => {} }

describePlugin('what a newer commerce seeds to an older site', COMMERCE_SUITE, (site) => {
  const records = () => site.kernel.services.records
  const valuesOf = async (list: string) =>
    ((await records().find('listtype', list))?.values as Array<{ id: string }>).map(
      (value) => value.id,
    )

  it('names its record types by their title field, keeping one staff chose', async () => {
    expect((await records().find('recordtype', 'item'))?.titlefield).toBe('displayname')
    // A site from before: the types have none; staff named invoices by their own field.
    for (const type of ['item', 'salesorder'])
      await records().modify(SYSTEM_ACTOR, 'recordtype', type, ['titlefield'], (record) => {
        delete record.titlefield
      })
    await records().modify(SYSTEM_ACTOR, 'recordtype', 'invoice', ['titlefield'], (record) => {
      record.titlefield = 'memo'
    })
    await addTitleFields(records(), TITLE_FIELDS, quiet)
    expect((await records().find('recordtype', 'item'))?.titlefield).toBe('displayname')
    expect((await records().find('recordtype', 'salesorder'))?.titlefield).toBe('tranid')
    expect((await records().find('recordtype', 'invoice'))?.titlefield).toBe('memo')
  })

  it('adds the list values a site lacks, once', async () => {
    await records().modify(SYSTEM_ACTOR, 'listtype', 'invoicestatus', ['values'], (record) => {
      record.values = (record.values as Array<{ id: string }>).filter(
        (value) => value.id !== 'voided',
      )
    })
    expect(await valuesOf('invoicestatus')).toEqual(['open', 'paidInFull'])
    await addListValues(records(), LIST_VALUES_ADDED)
    await addListValues(records(), LIST_VALUES_ADDED)
    expect(await valuesOf('invoicestatus')).toEqual(['open', 'paidInFull', 'voided'])
  })

  it('groups the item editor and lists the parent on a site from before, keeping staff choices', async () => {
    const fieldsOf = async () =>
      ((await records().find('recordtype', 'item'))?.fields as FieldDefinition[]) ?? []
    const upgrades = itemFieldUpgrades(commerceRecordTypes(), 'item')
    expect(upgrades.item?.parent).toEqual({ tab: 'Options', showinlist: true })
    expect(upgrades.item?.price1).toEqual({ tab: 'Prices' })
    // A site from before: no tabs but the price tables' unused `prices`; staff hid the parent
    // column on purpose and put the stock in a group of their own.
    await records().modify(SYSTEM_ACTOR, 'recordtype', 'item', ['fields'], (record) => {
      record.fields = (record.fields as FieldDefinition[]).map((field) => {
        const { tab: _tab, showinlist: _listed, ...rest } = field
        if (field.id === 'price1') return { ...rest, tab: 'prices' }
        if (field.id === 'parent') return { ...rest, showinlist: false }
        if (field.id === 'stock') return { ...rest, tab: 'Warehouse', showinlist: true }
        return field.showinlist ? { ...rest, showinlist: true } : rest
      })
    })
    await addFieldProperties(records(), upgrades, quiet)
    const after = Object.fromEntries((await fieldsOf()).map((field) => [field.id, field]))
    expect(after.displayname?.tab).toBe('Details')
    expect(after.price1?.tab).toBe('Prices')
    expect(after.gallery?.tab).toBe('Pictures')
    expect(after.stock?.tab).toBe('Warehouse')
    expect(after.parent).toMatchObject({ tab: 'Options', showinlist: false })
    // Once there, a second start writes nothing.
    let writes = 0
    const counted = {
      find: records().find.bind(records()),
      modify: ((...args: Parameters<ReturnType<typeof records>['modify']>) => {
        writes++
        return records().modify(...args)
      }) as ReturnType<typeof records>['modify'],
    }
    await addFieldProperties(counted, upgrades, quiet)
    expect(writes).toBe(0)
  })

  it("gives an older site's customer type the credit currency after the credit limit, once", async () => {
    const added = creditFieldsAdded(accountSeeds())
    expect(added.map(({ type, after, field }) => [type, after, field.id, field.datatype])).toEqual([
      ['customer', 'creditlimit', 'creditcurrency', 'record'],
    ])
    const idsOf = async () =>
      ((await records().find('recordtype', 'customer'))?.fields as FieldDefinition[]).map(
        (field) => field.id,
      )
    // A site from before the field (whichever build of the account plugin seeded this one).
    await records().modify(SYSTEM_ACTOR, 'recordtype', 'customer', ['fields'], (record) => {
      record.fields = (record.fields as FieldDefinition[]).filter(
        (field) => field.id !== 'creditcurrency',
      )
    })
    await addFields(records(), added, quiet)
    await addFields(records(), added, quiet)
    const ids = await idsOf()
    expect(ids.filter((id) => id === 'creditcurrency')).toHaveLength(1)
    expect(ids[ids.indexOf('creditlimit') + 1]).toBe('creditcurrency')
    // Staff can set it now.
    const firm = await site.kernel.services.accounts.addAccount({
      type: 'customer',
      email: 'older-firm@example.com',
      password: 'secret12',
      roles: [],
    })
    await records().modify(
      SYSTEM_ACTOR,
      'customer',
      String(firm.id),
      ['creditcurrency'],
      (record) => {
        record.creditcurrency = { reference: true, type: 'currency', id: 'eur' }
      },
    )
    expect((await records().find('customer', String(firm.id)))?.creditcurrency).toMatchObject({
      id: 'eur',
    })
  })
})
