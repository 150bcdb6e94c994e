import type { RecordData } from '@shopwright/core/shared'
import { translationRecordType } from './record-type.js'
import { translationSets } from './sets.js'

/** What the translations plugin seeds: its record type and the five sets. */
export function translationSeeds(): RecordData[] {
  return [translationRecordType(), ...translationSets()]
}
