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
  // The stand-in textarea takes the field's props as they are, but the label's id: a textarea is
  // labelled by its own id.
  const { labelId: _labelId, onChange, ...source } = props
  return (
    <Suspense
      fallback={
        <div className="sw-rich-text">
          {source.readOnly ? null : <div className="sw-rich-text-toolbar" />}
          <textarea
            {...source}
            className="sw-input sw-rich-text-source"
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  )
}
