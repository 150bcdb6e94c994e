import { createError, isValidId, type RecordData } from '@shopwright/core'
import type { RecordGuard } from './record-guards.js'

/** Field ids every record has already: a definition cannot take them. */
const RESERVED = new Set(['type', 'id'])
const REFERENCE_KEYS = ['recordtype', 'listtype'] as const

function refuse(detail: string): never {
  throw createError('ERROR_INVALID_INPUT', { reason: `fields: ${detail}` })
}

/**
 * A record type's field definitions decide what every record of the type may hold, so a broken
 * one (no id, the same id twice, `type` or `id` as a field id, no datatype) would break every
 * record of it. They are checked before the record type is written, and the answer names the
 * definition (`fields: field 3 ...`). Unknown datatypes are allowed: the spec shows them as text.
 */
export class RecordTypeGuard implements RecordGuard {
  async beforeWrite(record: RecordData): Promise<void> {
    const fields = record.fields
    if (fields === undefined) return
    if (!Array.isArray(fields)) refuse('must be a list of field definitions')
    const seen = new Set<string>()
    fields.forEach((field: unknown, index) => {
      const where = `field ${index + 1}`
      if (typeof field !== 'object' || field === null || Array.isArray(field))
        refuse(`${where} is not a definition`)
      const { id, name, datatype } = field as Record<string, unknown>
      if (!isValidId(id)) refuse(`${where} needs an id of A-Z, a-z, 0-9, - and _`)
      if (RESERVED.has(id)) refuse(`${where}: "${id}" is every record's own, not a field id`)
      if (seen.has(id)) refuse(`${where}: the id "${id}" is used twice`)
      seen.add(id)
      if (name !== undefined && typeof name !== 'string')
        refuse(`${where} (${id}): name must be text`)
      if (typeof datatype !== 'string' || datatype === '')
        refuse(`${where} (${id}) needs a datatype`)
      for (const key of REFERENCE_KEYS) {
        const value = (field as Record<string, unknown>)[key]
        if (value !== undefined && value !== null && !isValidId(value))
          refuse(`${where} (${id}): ${key} must be an id`)
      }
    })
  }
}
