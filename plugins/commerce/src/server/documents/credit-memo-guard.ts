/**
 * The guard of credit notes (README, "Orders desk"): the orders desk makes them with each refund
 * the gateway made, as the system; staff read them and may keep a memo on them, nothing else.
 */
import { createError, isSystemActor } from '@shopwright/core'
import type { RecordGuard } from '@shopwright/plugin-records'

export const creditMemoGuard: RecordGuard = {
  async check(change, actor) {
    if (isSystemActor(actor)) return
    if (change.kind === 'created' || change.kind === 'renamed')
      throw createError('ERROR_ACCESS_DENIED', {
        reason: 'credit notes are made by the orders desk with each refund',
      })
    if (change.kind === 'updated') {
      const { record, previous } = change
      for (const key of new Set([...Object.keys(record), ...Object.keys(previous)])) {
        if (key === 'type' || key === 'id' || key === 'memo') continue
        if (Object.hasOwn(previous, key)) record[key] = previous[key]
        else delete record[key]
      }
    }
  },
}
