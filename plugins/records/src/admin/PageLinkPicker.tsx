import { useState } from 'react'
import { isReference } from '@shopwright/core/shared'
import {
  shownError,
  useClient,
  useQueryData,
  useT,
  type FieldEditorProps,
  type PageLinkChoice,
} from '@shopwright/admin-ui/kit'
import type { PageType } from '../shared/record-pages.js'
import { RecordPicker } from './RecordPicker.js'
import type { NamedRecord } from './record-names.js'

/**
 * The rich-text link row's record chooser (`fields.pagelink`, docs/admin.md "Rich text"): the kind
 * of page (the types some page of the site shows, that the caller may view), then the record,
 * searched on the server by name as record fields are. The pick is answered with the address of
 * its page from the server (`/data/pages/address`), which the row then links to; a record no
 * page shows says so here.
 */
export function PageLinkPicker({ id, onChange }: FieldEditorProps) {
  const t = useT()
  const client = useClient()
  const types = useQueryData<{ list: PageType[] }>('/data/pages/types', undefined, 'short')
  const [chosenType, setChosenType] = useState<string | null>(null)
  const [picked, setPicked] = useState<NamedRecord | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const list = types.data?.list ?? []
  const type = chosenType ?? list[0]?.type ?? ''

  if (types.error)
    return <span className="sw-field-error">{shownError(types.error, t).message}</span>
  if (!types.data) return <span className="sw-muted">{t('Loading')}</span>
  if (list.length === 0)
    return <span className="sw-muted">{t('No page of the site shows records you may view.')}</span>

  const choose = async (record: NamedRecord) => {
    setPicked(record)
    setProblem(null)
    try {
      const { address } = await client.get<{ address: string }>(
        `/data/pages/address/${encodeURIComponent(record.type)}/${encodeURIComponent(record.id)}`,
      )
      onChange({ address, name: record.name } satisfies PageLinkChoice)
    } catch (error) {
      setProblem(shownError(error, t).message)
    }
  }

  return (
    <div className="records-page-link" data-testid="page-link-picker">
      <select
        className="sw-input"
        aria-label={t('Kind of page')}
        value={type}
        data-testid="page-link-type"
        onChange={(event) => {
          setChosenType(event.target.value)
          setPicked(null)
          setProblem(null)
        }}
      >
        {list.map((each) => (
          <option key={each.type} value={each.type}>
            {each.name}
          </option>
        ))}
      </select>
      <RecordPicker
        key={type}
        id={id}
        field={{ id: `${id}-record`, name: t('Record'), datatype: 'record', recordtype: type }}
        value={picked ? { reference: true, type: picked.type, id: picked.id } : null}
        onChange={(value) => {
          if (!isReference(value)) setPicked(null)
        }}
        onPicked={(record) => void choose(record)}
      />
      {problem ? (
        <p className="sw-field-error" role="alert" data-testid="page-link-problem">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

export default PageLinkPicker
