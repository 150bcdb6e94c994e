import { lazy, Suspense } from 'react'
import '../styles/rich-text.css'

export interface RichTextProps {
  /** The editable area's id (the form's label names it through `labelId`). */
  id: string
  /** The id of the field's label. */
  labelId: string
  /** The HTML, as stored. */
  value: string
  /** The HTML after a change; an empty text is ''. */
  onChange(html: string): void
  /** Focus left the whole editor (its toolbar included). */
  onBlur?(): void
  readOnly?: boolean
}

// TipTap and ProseMirror load with the first rich-text field shown, not with the admin: they are
// about as large as the rest of the admin's first load.
const RichTextEditor = lazy(() => import('./rich-text/RichTextEditor.js'))

/**
 * A rich-text (htmlx) field: the TipTap editor with its toolbar and HTML source view. Until its
 * code has loaded, the HTML shows in a textarea of the same place and height, already editable,
 * so the form neither jumps nor waits.
 */
export function RichTextInput(props: RichTextProps) {
  const { id, value, onChange, onBlur, readOnly } = props
  return (
    <Suspense
      fallback={
        <div className="sw-rich-text">
          {readOnly ? null : <div className="sw-rich-text-toolbar" />}
          <textarea
            id={id}
            className="sw-input sw-rich-text-source"
            value={value}
            readOnly={readOnly}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  )
}
