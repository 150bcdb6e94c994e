import { useEffect, useId, useMemo, useRef, useState, type FocusEvent } from 'react'
import { createDocument, EditorContent, useEditor } from '@tiptap/react'
import { useT } from '../../i18n.js'
import type { RichTextProps } from '../RichTextInput.js'
import { richTextExtensions } from './extensions.js'
import { editorKeeps } from './fidelity.js'
import { RichTextToolbar } from './RichTextToolbar.js'

/**
 * The rich-text editor (TipTap; its own chunk, loaded by RichTextInput). It answers the editor's
 * HTML on every change, '' for an empty text. A value from outside (the record opened, or saved
 * and answered as the server cleaned it) replaces the content without counting as a change or an
 * undo step; the value the editor itself just sent is not put back, so typing is never reset.
 * HTML the editor would lose parts of opens as source (fidelity.ts).
 */
export default function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  readOnly = false,
}: RichTextProps) {
  const t = useT()
  const noteId = useId()
  const frame = useRef<HTMLDivElement>(null)
  const sourceArea = useRef<HTMLTextAreaElement>(null)
  // The HTML the editor's content stands for: what it last sent, or the value last put in it.
  const shown = useRef(value)
  const [lossy, setLossy] = useState(() => !editorKeeps(value))
  const [source, setSource] = useState(() => lossy && !readOnly)
  // Whether a toggle took the focus with the area it hid; the area shown then takes it.
  const refocus = useRef(false)

  // Options kept the same object across renders: useEditor compares them on every render.
  const [extensions] = useState(richTextExtensions)
  const [initial] = useState(value)
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(lossy ? { 'aria-describedby': noteId } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        class: 'sw-rich-text-content',
      },
    }),
    [id, labelId, lossy, noteId, readOnly],
  )
  const editor = useEditor({
    extensions,
    content: initial,
    editable: !readOnly,
    // The kit's stylesheet has the few rules ProseMirror needs (rich-text.css).
    injectCSS: false,
    editorProps,
    onUpdate: ({ editor }) => {
      const html = editor.isEmpty ? '' : editor.getHTML()
      shown.current = html
      // What the editor wrote is all it holds now: nothing more to lose.
      setLossy(false)
      onChange(html)
    },
  })

  useEffect(() => {
    if (value === shown.current) return
    shown.current = value
    // The same text spelled otherwise (the server writes `<br />` for the editor's `<br>`) is
    // left as it is, so a save's answer does not move the cursor.
    if (!createDocument(value, editor.schema).eq(editor.state.doc))
      // Not an undo step: Undo must not bring back another record's text, or the one before a save.
      editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run()
    const keeps = editorKeeps(value)
    setLossy(!keeps)
    if (!keeps && !readOnly) setSource(true)
  }, [editor, value, readOnly])

  useEffect(() => {
    // Without emitting an update: becoming read-only is no change of the text.
    editor.setEditable(!readOnly, false)
  }, [editor, readOnly])

  useEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    if (source) sourceArea.current?.focus()
    else editor.commands.focus()
  }, [editor, source])

  const toggleSource = () => {
    const focused = document.activeElement
    refocus.current = !!frame.current?.contains(focused) && !(focused instanceof HTMLButtonElement)
    setSource(!source)
  }

  // The form hears of a blur when focus leaves the editor as a whole, not when it moves from the
  // text to a toolbar button.
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.()
  }

  return (
    <div ref={frame} className="sw-rich-text" data-testid="rich-text" onBlur={leave}>
      {readOnly ? null : (
        <RichTextToolbar editor={editor} controls={id} source={source} onSource={toggleSource} />
      )}
      {lossy && !readOnly ? (
        <p id={noteId} className="sw-rich-text-note" data-testid="rich-text-note">
          {t(
            'This text has HTML the editor cannot keep, such as a table or a class: edit it as HTML source. In the editor, those parts are lost at the first change.',
          )}
        </p>
      ) : null}
      <EditorContent editor={editor} hidden={source} />
      {source ? (
        <textarea
          ref={sourceArea}
          className="sw-input sw-rich-text-source"
          value={value}
          spellCheck={false}
          aria-labelledby={labelId}
          aria-describedby={lossy ? noteId : undefined}
          data-testid="rich-text-source-text"
          // Sent as typed: the server cleans it when it is saved, and the editor reads it back.
          onChange={(event) => onChange(event.target.value)}
        />
      ) : null}
    </div>
  )
}
