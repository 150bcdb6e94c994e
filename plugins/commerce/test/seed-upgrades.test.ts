import { expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import {
  addListValues,
  addTitleFields,
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
})
