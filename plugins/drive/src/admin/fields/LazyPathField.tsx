import { lazy, Suspense } from 'react'
import type { FieldEditorProps } from '@shopwright/admin-ui/kit'

// The picker and its calls load with the first form that shows a path field, not with the admin.
const DrivePathField = lazy(() => import('./DrivePathField.js'))

/**
 * The path field as the admin module registers it: while its chunk loads, the path shows as
 * read-only text in its place, so the rest of the form never waits for it.
 */
export function LazyPathField(props: FieldEditorProps) {
  return (
    <Suspense
      fallback={
        <input
          id={props.id}
          className="sw-input"
          value={typeof props.value === 'string' ? props.value : ''}
          readOnly
        />
      }
    >
      <DrivePathField {...props} />
    </Suspense>
  )
}
