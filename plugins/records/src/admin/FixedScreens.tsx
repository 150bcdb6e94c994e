import { RecordListScreen } from './RecordListScreen.js'
import { RecordScreen } from './RecordScreen.js'

/** `/configuration`: the configuration records, opening at `/configuration/:id`. */
export function ConfigurationList() {
  return <RecordListScreen type="configuration" base="/configuration" />
}

/** `/configuration/:id`: a configuration record, with its configuration type's fields after its own. */
export function ConfigurationRecord() {
  return <RecordScreen type="configuration" base="/configuration" />
}

/** `/data/recordtype` (the Types menu entry). */
export function TypesList() {
  return <RecordListScreen type="recordtype" />
}

/** `/data/listtype` (the Lists menu entry). */
export function ListsList() {
  return <RecordListScreen type="listtype" />
}

/** `/data/security` (the Security menu entry). */
export function SecurityList() {
  return <RecordListScreen type="security" />
}
