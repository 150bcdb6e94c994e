import type { RecordData } from '@shopwright/core/shared'
import { BILLING_SECURITY } from '../shared/types.js'

/**
 * The `billing` security record (financemanager full; finance view), inserted when missing so a
 * site without the sample company still has billing gated. The details call needs view; edit,
 * create and delete allow nothing more yet (README, "Rights").
 */
export function billingSecurity(): RecordData {
  const entry = (role: string, full: boolean) => ({
    id: role,
    role,
    view: true,
    edit: full,
    create: full,
    delete: full,
  })
  return {
    type: 'security',
    id: BILLING_SECURITY,
    name: 'Billing',
    access: [entry('financemanager', true), entry('finance', false)],
  }
}

/** What the plugin seeds: inserted by `shopwright seed` (and every start) when missing. */
export function billingSeeds(): RecordData[] {
  return [billingSecurity()]
}
