import { lazy, Suspense } from 'react'
import type { FieldEditorProps } from '@shopwright/admin-ui/kit'

// The picker loads with the first form that has a record field, not with the admin.
const RecordPicker = lazy(() => import('./RecordPicker.js'))
const RecordListPicker = lazy(() => import('./RecordListPicker.js'))
const PageLinkPicker = lazy(() => import('./PageLinkPicker.js'))
const PageLinkTarget = lazy(() => import('./PageLinkTarget.js'))

/**
 * The record field's editor as the admin module registers it (`fields.record`): while its chunk
 * loads, the field shows as a read-only box in its place, so the rest of the form never waits.
 */
export function LazyRecordPicker(props: FieldEditorProps) {
  return (
    <Suspense fallback={<input id={props.id} className="sw-input" value="" readOnly />}>
      <RecordPicker {...props} />
    </Suspense>
  )
}

/** The record list field's editor as the admin module registers it (`fields.recordlist`). */
export function LazyRecordListPicker(props: FieldEditorProps) {
  return (
    <Suspense fallback={<input id={props.id} className="sw-input" value="" readOnly />}>
      <RecordListPicker {...props} />
    </Suspense>
  )
}

/**
 * The rich-text link row's record chooser as the admin module registers it (`fields.pagelink`);
 * read-only, given a link's address, it names the record that address goes to (or nothing).
 */
export function LazyPageLinkPicker(props: FieldEditorProps) {
  if (props.readOnly)
    return typeof props.value === 'string' ? (
      <Suspense fallback={null}>
        <PageLinkTarget address={props.value} />
      </Suspense>
    ) : null
  return (
    <Suspense fallback={<input id={props.id} className="sw-input" value="" readOnly />}>
      <PageLinkPicker {...props} />
    </Suspense>
  )
}
