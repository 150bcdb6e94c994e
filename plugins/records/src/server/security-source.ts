import type { SecurityRecord, SecuritySource } from '@shopwright/core'
import type { RecordStore } from './record-store.js'

/** Reads security records (type `security`) for the kernel's access service. */
export class RecordSecuritySource implements SecuritySource {
  constructor(private readonly store: RecordStore) {}

  async getSecurity(id: string): Promise<SecurityRecord | null> {
    const record = await this.store.get('security', id)
    if (!record) return null
    return {
      ...record,
      type: 'security',
      access: Array.isArray(record.access) ? record.access : [],
    } as SecurityRecord
  }
}
