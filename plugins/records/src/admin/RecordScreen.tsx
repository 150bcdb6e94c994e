import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import {
  effectiveDatatype,
  fieldDisplay,
  type ConfigurationTypeData,
  type FieldDefinition,
  type RecordTypeAnswer,
} from '@shopwright/client'
import { isReference, type RecordData } from '@shopwright/core/shared'
import {
  Breadcrumbs,
  Button,
  ErrorView,
  FieldSourceContext,
  Placeholder,
  SaveState,
  useAutosave,
  useClient,
  useDialogs,
  useQueryData,
  useRecordSections,
  useT,
  type SaveStatus,
  type Translate,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import { ExportButton } from './ExportButton.js'
import { ImportButton } from './ImportButton.js'
import { deleteQuestion } from './questions.js'
import { recordsFieldSource } from './field-source.js'
import { keysParam, recordName } from './keys.js'
import { titleFieldOf } from '../shared/record-name.js'
import { RecordIdNote } from './RecordName.js'
import { RecordForm } from './RecordForm.js'
import { TypeSecurity, useAdministrator } from './TypeSecurity.js'
import { fieldProblem, formErrors, normalised } from './record-checks.js'
import { useRecordRoute, type RecordRouteProps } from './record-route.js'
import { forgetRecordTypes, RECORD_TYPE_CACHE, recordTypePath } from './record-type-cache.js'
import { HistoryDialog } from './history/HistoryDialog.js'
import { DraftActions } from './drafts/DraftActions.js'
import type { UnpublishTime } from '../shared/history.js'
import { PreviewPane } from './drafts/PreviewPane.js'
import { useDraftEditors } from './drafts/draft-editors.js'
import { EditorsStrip, type MergedNotice } from './drafts/EditorsStrip.js'
import { othersChanges } from './drafts/others-changes.js'
import {
  DraftBadge,
  isDraftAnswer,
  type DraftAnswer,
  type DraftState,
} from './drafts/DraftBadge.js'

/**
 * The id's field for types that do not define one: made here, so its texts are phrases. Required
 * for a type named by hand (`idrequired`); elsewhere a new record left without one takes the next
 * number.
 */
const idField = (t: Translate, required: boolean): FieldDefinition => ({
  id: 'id',
  name: t('Id'),
  datatype: 'id',
  description: t('Letters, digits, - and _. Changing it renames the record.'),
  ...(required ? { required: true } : {}),
})

/** An editor's type and list: fixed, or the address's. */
export type RecordScreenProps = RecordRouteProps

/**
 * A record's editor (docs/admin.md, "Saving"): the type's fields (and a configuration record's
 * configuration type's fields after them) in a grid, saved automatically: 5 s after a change (at
 * most 25 s after the first), at once when the id changes (when its input is left), on leaving the
 * page and when the tab closes. A new record is created at its first save, and only once every
 * field is valid (all problems are shown at once); then only changed fields are sent. Beside the
 * title the save state shows: Saved (and when), Unsaved changes, Saving, or what keeps it from
 * saving (docs/admin.md, "Saving").
 */
export function RecordScreen(route: RecordScreenProps) {
  const t = useT()
  const client = useClient()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const administrator = useAdministrator()
  const location = useLocation()
  const params = useParams()
  const { type, basePath } = useRecordRoute(route)
  const id = params.id ?? ''
  const isNew = id === 'new'
  const copy = (location.state as { copy?: RecordData } | null)?.copy

  const recordType = useQueryData<RecordTypeAnswer>(recordTypePath(type), {}, RECORD_TYPE_CACHE)
  // A publishable type's record is edited as its draft (docs/history.md, "Drafts"): which one is
  // known once the type is, so its record is asked for then.
  // Those who may only view it read the live record, as the shop shows it.
  const typeAccess = recordType.data?.access
  const drafted =
    recordType.data?.publishable === true &&
    (isNew ? typeAccess?.create === true : typeAccess?.edit === true)
  const address = `${encodeURIComponent(type)}/${encodeURIComponent(id)}`
  const fetched = useQueryData<RecordData | DraftAnswer>(
    !recordType.data
      ? null
      : isNew
        ? `/data/new/${encodeURIComponent(type)}`
        : drafted
          ? `/data/draft/get/${address}`
          : `/data/get/${address}`,
  )
  const loaded = {
    ...fetched,
    data: fetched.data && isDraftAnswer(fetched.data) ? fetched.data.record : fetched.data,
  }
  const [draft, setDraft] = useState<DraftState | null>(null)
  // When the record leaves the site by itself (docs/history.md, "Unpublishing"), if set.
  const [unpublish, setUnpublish] = useState<UnpublishTime | null>(null)
  useEffect(() => {
    if (!fetched.data) return
    setDraft(isDraftAnswer(fetched.data) ? fetched.data.draft : null)
    setUnpublish(isDraftAnswer(fetched.data) ? (fetched.data.unpublish ?? null) : null)
  }, [fetched.data])
  // The draft's live preview beside the form (drafts/PreviewPane.tsx), for a record once saved.
  const [previewing, setPreviewing] = useState(false)
  // The draft as this editor last knew it, and a save on its way: someone else's save shows as a
  // revision this editor did not make (docs/history.md, "Editing together").
  const draftRef = useRef<DraftState | null>(null)
  draftRef.current = draft
  const savingRef = useRef(false)
  const [merged, setMerged] = useState<MergedNotice | null>(null)
  const [values, setValues] = useState<RecordData | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [status, setStatus] = useState<Exclude<SaveStatus, 'saving' | 'invalid'>>('saved')
  const [savedAt, setSavedAt] = useState<Date | null>(null)
  const valuesRef = useRef<RecordData | null>(null)
  const changed = useRef(new Set<string>())
  const savedId = useRef<string | null>(isNew ? null : id)
  valuesRef.current = values

  // A freshly loaded record replaces the form unless the user has changes waiting (the answer of
  // the address change after a create or rename).
  useEffect(() => {
    if (!loaded.data || changed.current.size > 0) return
    setValues(
      isNew && copy ? { ...copy, id: '' } : { ...loaded.data, ...(isNew ? { id: '' } : {}) },
    )
    if (isNew && copy)
      for (const key of Object.keys(copy))
        if (key !== 'type' && key !== 'id') changed.current.add(key)
    savedId.current = isNew ? null : loaded.data.id
    setErrors({})
    setStatus(isNew && copy ? 'unsaved' : 'saved')
  }, [loaded.data, isNew, copy])

  const configurationTypeId =
    type === 'configuration' && isReference(values?.configurationtype)
      ? values.configurationtype.id
      : null
  const configurationType = useQueryData<ConfigurationTypeData>(
    configurationTypeId
      ? `/data/get/configurationtype/${encodeURIComponent(configurationTypeId)}`
      : null,
  )

  const mode = isNew ? 'create' : 'edit'
  const idRequired = recordType.data?.idrequired === true
  const fields = useMemo(() => {
    const own = recordType.data?.fields ?? []
    const extra = configurationType.data?.fields ?? []
    const id = own.some((field) => field.id === 'id') ? [] : [idField(t, idRequired)]
    // A type named by hand (record types, lists) is its id first; elsewhere the id is an internal
    // that staff seldom need, so it comes last, away from the fields a person reads
    // (docs/admin.md, "Names").
    const all = idRequired ? [...id, ...own, ...extra] : [...own, ...extra, ...id]
    // A draft keeps its record's id: it is shown, not edited, once the record exists.
    const shown =
      drafted && !isNew
        ? all.map((field) => (field.id === 'id' ? { ...field, display: 'view' as const } : field))
        : all
    return shown.filter((field) => fieldDisplay(field, mode) !== 'hidden')
  }, [recordType.data, configurationType.data, mode, t, idRequired, drafted, isNew])
  const access = recordType.data?.access
  const sections = useRecordSections(type)
  const readOnly = !(isNew ? access?.create : access?.edit)

  /** A save went through: Saved now, unless changes were made while it ran. */
  const saved = useCallback(() => {
    setSavedAt(new Date())
    setStatus(changed.current.size > 0 ? 'unsaved' : 'saved')
  }, [])

  /** Shows in the form what others saved to the draft, but for the fields not saved here yet. */
  const takeOthers = useCallback(
    (answer: DraftAnswer, name: string, pending: ReadonlySet<string>) => {
      const current = valuesRef.current
      if (!current) return
      const { values: next, taken } = othersChanges(fields, current, answer.record, pending)
      if (taken.length === 0) return
      valuesRef.current = next
      setValues(next)
      setMerged({ name, fields: taken.map((field) => field.name || field.id) })
    },
    [fields],
  )

  const save = useCallback(async () => {
    const current = valuesRef.current
    if (!current) return
    const fieldsToCheck = savedId.current === null ? undefined : new Set(changed.current)
    const problems = formErrors(fields, current, fieldsToCheck)
    // A new record's empty id takes the next number, unless its type is named by hand.
    if (savedId.current === null && !current.id && !idRequired) delete problems.id
    setErrors(problems)
    // Invalid values are not sent (a new record is not created): every field shows why, and the
    // next valid change saves.
    if (Object.keys(problems).length > 0) return
    const record = normalised(fields, current)
    const sent = new Set(changed.current)
    changed.current.clear()
    setSaving(true)
    savingRef.current = true
    try {
      if (savedId.current === null) {
        const body = { ...record, type, id: record.id ?? '' }
        // A publishable type's new record is a draft until it is published.
        const created = drafted
          ? await client.post<DraftAnswer>('/data/draft/create', body).then((answer) => {
              setDraft(answer.draft)
              return answer.record
            })
          : await client.post<RecordData>('/data/create', body)
        savedId.current = created.id
        if (type === 'recordtype') forgetRecordTypes(client)
        saved()
        navigate(`${basePath}/${encodeURIComponent(created.id)}`, { replace: true })
        return
      }
      const changes = [...sent].map((field) => ({ field, value: record[field] }))
      if (changes.length === 0) return saved()
      const path = `${encodeURIComponent(type)}/${encodeURIComponent(savedId.current)}`
      const updated = drafted
        ? await client.post<DraftAnswer>(`/data/draft/save/${path}`, changes).then((answer) => {
            // More than this save's one revision: others saved meanwhile, merged by the server.
            const known = draftRef.current?.revision ?? 0
            if (answer.draft && answer.draft.revision > known + 1)
              takeOthers(answer, '', new Set([...changed.current, ...sent]))
            setDraft(answer.draft)
            return answer.record
          })
        : await client.post<RecordData>(`/data/update/${path}`, changes)
      if (type === 'recordtype') forgetRecordTypes(client)
      // Rich text comes back as the server cleaned it (no script, only kept tags): the form shows
      // what is stored, unless the field was changed again while the save ran.
      const cleaned = fields.filter(
        (field) =>
          effectiveDatatype(field.datatype) === 'htmlx' &&
          sent.has(field.id) &&
          !changed.current.has(field.id) &&
          typeof updated[field.id] === 'string',
      )
      if (cleaned.length > 0)
        setValues((previous) =>
          previous
            ? {
                ...previous,
                ...Object.fromEntries(cleaned.map((field) => [field.id, updated[field.id]])),
              }
            : previous,
        )
      if (updated.id !== savedId.current) {
        // The id changed: the record was renamed, and the address follows it.
        savedId.current = updated.id
        navigate(`${basePath}/${encodeURIComponent(updated.id)}`, { replace: true })
      }
      saved()
    } catch (error) {
      for (const field of sent) changed.current.add(field)
      setStatus('failed')
      const problem = fieldProblem(error, fields)
      if (problem) {
        setErrors((previous) => ({ ...previous, [problem.field]: problem.message }))
      } else {
        await dialogs.error(savedId.current === null ? 'Unable to Create' : 'Unable to Save', error)
      }
    } finally {
      savingRef.current = false
      setSaving(false)
    }
  }, [client, dialogs, fields, navigate, basePath, type, idRequired, saved, drafted, takeOthers])

  // Closing the tab: a keepalive request outlives the page, where the client's promise would not.
  const saveOnUnload = useCallback(() => {
    const current = valuesRef.current
    if (!current || savedId.current === null) return
    const record = normalised(fields, current)
    const changes = [...changed.current].map((field) => ({ field, value: record[field] }))
    if (
      Object.keys(formErrors(fields, current, changed.current)).length > 0 ||
      changes.length === 0
    )
      return
    void client
      .post(
        `/data/${drafted ? 'draft/save' : 'update'}/${encodeURIComponent(type)}/${encodeURIComponent(savedId.current)}`,
        changes,
        undefined,
        { keepalive: true },
      )
      .catch(() => undefined)
  }, [client, fields, type, drafted])

  const autosave = useAutosave(save, saveOnUnload)

  const onChange = (field: string, value: unknown) => {
    setValues((previous) => (previous ? { ...previous, [field]: value } : previous))
    changed.current.add(field)
    setStatus('unsaved')
    const definition = fields.find((each) => each.id === field)
    if (definition) {
      const problem = formErrors([definition], {
        ...(valuesRef.current ?? { type, id }),
        [field]: value,
      })[field]
      setErrors((previous) => {
        const next = { ...previous }
        if (problem && !(field === 'id' && savedId.current === null && !value && !idRequired))
          next[field] = problem
        else delete next[field]
        return next
      })
    }
    if (field !== 'id') autosave.changed()
  }

  const onBlur = (field: string) => {
    // A change of the id saves at once, when its input is left (docs/architecture.md, "Decisions").
    if (field === 'id' && changed.current.has('id')) {
      autosave.changed()
      void autosave.flush()
    }
  }

  const source = useMemo(() => recordsFieldSource(client), [client])

  /**
   * A record type's security picked from its "Administrators only" state: the form's change, saved
   * at once by the same save as every other (the update call), with whatever else is waiting.
   */
  const attachSecurity = async (security: string) => {
    onChange('security', security)
    // The save reads the ref, which the next render would set: it must see the choice now.
    if (valuesRef.current) valuesRef.current = { ...valuesRef.current, security }
    await autosave.flush()
  }

  // Who else has the record open; a save of theirs (a revision this editor did not make, or the
  // draft published or discarded elsewhere) is loaded into the form (docs/history.md).
  const { editors } = useDraftEditors(
    type,
    drafted && !isNew && savedId.current !== null ? savedId.current : null,
    (state) => {
      const known = draftRef.current
      if (savingRef.current || savedId.current === null) return
      if (state ? state.revision === known?.revision : known === null) return
      void client
        .get<DraftAnswer>(
          `/data/draft/get/${encodeURIComponent(type)}/${encodeURIComponent(savedId.current)}`,
        )
        .then((answer) => {
          if (savingRef.current) return
          takeOthers(answer, answer.draft?.actorName ?? '', changed.current)
          setDraft(answer.draft)
        })
        .catch(() => undefined)
    },
  )

  const failure = recordType.error ?? loaded.error
  // The specification's failure titles: a list type's page is a list ("The list could not be
  // found.", as the server's list call says of a missing one); any other record's is a record.
  if (failure)
    return type === 'listtype' ? (
      <ErrorView title="ERROR_LIST_NOT_AVAILABLE" error={failure} />
    ) : (
      <ErrorView title="ERROR_RECORD_NOT_AVAILABLE" error={failure} />
    )
  if (!values || !recordType.data) return <Placeholder lines={6} />

  const typeName = recordType.data.name
  // Named by the type's title field (docs/admin.md, "Names"), as lists and pickers name it.
  const title =
    isNew && savedId.current === null
      ? t('New')
      : recordName({ ...values, id: savedId.current ?? values.id }, titleFieldOf(recordType.data))
  // A record never published exists only as its draft: what needs the live record (delete,
  // duplicate, history, export) waits until it is published.
  const unpublished = drafted && draft?.isNew === true
  const key = savedId.current === null || unpublished ? [] : [{ type, id: savedId.current }]

  const remove = async () => {
    if (!(await dialogs.confirm(deleteQuestion(1)))) return
    try {
      changed.current.clear()
      await client.post(`/data/bin/${keysParam(key)}`)
      if (type === 'recordtype') forgetRecordTypes(client)
      navigate(basePath)
    } catch (error) {
      await dialogs.error('Unable to Delete', error)
    }
  }

  const duplicate = async () => {
    await autosave.flush()
    try {
      const copied = await client.get<RecordData>(
        `/data/duplicate/${encodeURIComponent(type)}/${encodeURIComponent(savedId.current ?? id)}`,
      )
      navigate(`${basePath}/new`, { state: { copy: copied } })
    } catch (error) {
      await dialogs.error('Unable to Duplicate', error)
    }
  }

  /**
   * The record's history: what is waiting is saved first, so the newest version is what the form
   * shows; a version chosen there is restored after a confirmation, and the form shows it.
   */
  const history = async () => {
    await autosave.flush()
    const recordId = savedId.current
    if (recordId === null) return
    if (changed.current.size > 0) {
      await dialogs.alert(t('History'), t('Some changes are not saved yet: see the fields marked.'))
      return
    }
    const number = await dialogs.open<number>(
      (control) => <HistoryDialog type={type} id={recordId} control={control} />,
      'lg',
    )
    if (number === null) return
    if (
      !(await dialogs.confirm(
        t('Restore version {0}? The fields as they are now stay in the history.', number),
        { title: t('Restore'), ok: t('Restore') },
      ))
    )
      return
    try {
      await client.post(
        `/data/history/restore/${encodeURIComponent(type)}/${encodeURIComponent(recordId)}/${number}`,
      )
      changed.current.clear()
      if (type === 'recordtype') forgetRecordTypes(client)
      fetched.reload()
      saved()
    } catch (error) {
      await dialogs.error('Unable to Save', error)
    }
  }

  const preview = drafted && previewing && access?.edit ? savedId.current : null

  const refresh = async () => {
    await autosave.flush()
    changed.current.clear()
    forgetRecordTypes(client)
    recordType.reload()
    fetched.reload()
  }

  return (
    <section data-testid="record-editor">
      <Breadcrumbs
        items={[
          { label: t('Data'), to: '/data' },
          { label: typeName, to: basePath },
          { label: title },
        ]}
      />
      <h1>
        {title} <RecordIdNote name={title} id={savedId.current} />{' '}
        <SaveState
          status={saving ? 'saving' : Object.keys(errors).length > 0 ? 'invalid' : status}
          savedAt={savedAt}
          problems={Object.keys(errors).length}
        />
        {drafted && savedId.current !== null ? (
          <DraftBadge draft={draft} unpublish={unpublish} />
        ) : null}
      </h1>
      <div className="sw-toolbar">
        {drafted ? (
          <DraftActions
            type={type}
            id={savedId.current}
            draft={draft}
            unpublish={unpublish}
            access={access}
            basePath={basePath}
            flush={autosave.flush}
            hasUnsaved={() => changed.current.size > 0}
            forgetUnsaved={() => changed.current.clear()}
            onAnswer={(answer) => {
              setDraft(answer.draft)
              setUnpublish(answer.unpublish)
            }}
            reload={fetched.reload}
          />
        ) : null}
        {drafted && savedId.current !== null && access?.edit ? (
          <Button
            icon="eye"
            onClick={() => void autosave.flush().then(() => setPreviewing((shown) => !shown))}
            data-testid="preview"
            aria-pressed={previewing}
          >
            {t('Preview')}
          </Button>
        ) : null}
        {access?.create ? (
          <Button
            icon="plus"
            onClick={() => void autosave.flush().then(() => navigate(`${basePath}/new`))}
            data-testid="new"
          >
            {t('New')}
          </Button>
        ) : null}
        {access?.delete && key.length > 0 ? (
          <Button icon="delete" onClick={() => void remove()} data-testid="delete">
            {t('Delete')}
          </Button>
        ) : null}
        {access?.create && key.length > 0 ? (
          <Button icon="content-duplicate" onClick={() => void duplicate()} data-testid="duplicate">
            {t('Duplicate')}
          </Button>
        ) : null}
        {access?.edit && key.length > 0 ? (
          <Button icon="history" onClick={() => void history()} data-testid="history">
            {t('History')}
          </Button>
        ) : null}
        <RefreshButton onClick={() => void refresh()} />
        {access?.view && !unpublished ? <ExportButton keys={key} /> : null}
        {access?.create || access?.edit ? (
          <ImportButton
            onDone={() => {
              forgetRecordTypes(client)
              fetched.reload()
            }}
          />
        ) : null}
      </div>
      {type === 'recordtype' && savedId.current !== null ? (
        <TypeSecurity
          security={values.security}
          canAttach={!readOnly && administrator}
          onAttach={attachSecurity}
        />
      ) : null}
      <EditorsStrip editors={editors} merged={merged} onDismiss={() => setMerged(null)} />
      <div className={preview ? 'records-preview-split' : undefined}>
        {/* One cell of the split: the form may be several elements (its sections' nav). */}
        <div className="records-preview-form">
          <FieldSourceContext.Provider value={source}>
            <RecordForm
              type={type}
              fields={fields}
              values={values}
              errors={errors}
              readOnly={readOnly}
              mode={savedId.current === null ? 'create' : 'edit'}
              sections={sections}
              onChange={onChange}
              onBlur={onBlur}
            />
          </FieldSourceContext.Provider>
        </div>
        {preview ? (
          <PreviewPane
            key={preview}
            type={type}
            id={preview}
            draft={draft}
            onClose={() => setPreviewing(false)}
          />
        ) : null}
      </div>
    </section>
  )
}

export default function RecordPanel() {
  return <RecordScreen />
}
