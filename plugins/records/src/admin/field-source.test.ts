import { describe, expect, it } from 'vitest'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import { recordsFieldSource } from './field-source.js'

describe('recordsFieldSource: guarded list values', () => {
  it("carries a list value's security record on its choice", async () => {
    const { client } = fakeClient(() => () => ({
      name: 'Invoice Status',
      values: [
        { id: 'open', name: 'Open', security: 'payments' },
        { id: 'voided', name: 'Voided', security: '' },
        'draft',
      ],
    }))
    expect(await recordsFieldSource(client).listChoices('invoicestatus')).toEqual([
      { key: 'open', label: 'Open', value: 'open', security: 'payments' },
      { key: 'voided', label: 'Voided', value: 'voided' },
      { key: 'draft', label: 'draft', value: 'draft' },
    ])
  })

  it('asks the access call for the edit right on each security record', async () => {
    const { client, calls } = fakeClient(() => () => ({
      payments: { view: true, edit: false, create: false, delete: false },
      orders: { view: true, edit: true, create: false, delete: false },
    }))
    const may = await recordsFieldSource(client).mayEdit!(['payments', 'orders', 'missing'])
    expect(may).toEqual({ payments: false, orders: true, missing: false })
    expect(calls).toEqual(['/access/payments,orders,missing'])
  })
})
