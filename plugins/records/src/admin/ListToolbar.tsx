import type { ReactNode } from 'react'
import type { AccessFlags } from '@shopwright/core/shared'
import {
  Button,
  useClient,
  useDialogs,
  useT,
  RefreshButton,
  DeleteSelectedButton,
} from '@shopwright/admin-ui/kit'
import { ExportButton } from './ExportButton.js'
import { ImportButton } from './ImportButton.js'
import { keysParam, type RecordKey } from './keys.js'
import { deleteQuestion } from './questions.js'

/**
 * A record list's buttons, by the record type's access flags: New needs create, Delete needs delete
 * (and a selection; it moves the records to the bin after the confirmation), Export needs view,
 * Import needs create or edit; Refresh is always there.
 */
export function ListToolbar({
  access,
  selected,
  onNew,
  onRefresh,
  children,
}: {
  access: AccessFlags | undefined
  selected: readonly RecordKey[]
  onNew(): void
  onRefresh(): void
  /** More buttons after the spec's. */
  children?: ReactNode
}) {
  const t = useT()
  const client = useClient()
  const dialogs = useDialogs()
  const remove = async () => {
    if (!(await dialogs.confirm(deleteQuestion(selected.length)))) return
    try {
      await client.post(`/data/bin/${keysParam(selected)}`)
    } catch (error) {
      await dialogs.error('Unable to Delete', error)
    }
    onRefresh()
  }
  return (
    <div className="sw-toolbar">
      {access?.create ? (
        <Button icon="plus" variant="primary" onClick={onNew} data-testid="new">
          {t('New')}
        </Button>
      ) : null}
      {access?.delete ? (
        <DeleteSelectedButton count={selected.length} onClick={() => void remove()} />
      ) : null}
      <RefreshButton onClick={onRefresh} />
      {access?.view ? <ExportButton keys={selected} /> : null}
      {access?.create || access?.edit ? <ImportButton onDone={onRefresh} /> : null}
      {children}
    </div>
  )
}
