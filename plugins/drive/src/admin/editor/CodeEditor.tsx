import { useEffect, useImperativeHandle, useRef, type Ref } from 'react'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language'
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search'
import { Compartment, EditorState, type Text } from '@codemirror/state'
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view'
import type { EditorLanguage } from '../file-kinds.js'
import {
  HIGHLIGHT_LIMIT,
  HISTORY_DEPTH,
  HISTORY_GROUP_DELAY,
  type EditorHandle,
} from './editor-settings.js'
import { languageSupport } from './languages.js'

export interface CodeEditorProps {
  /** The text the editor opens with. */
  initial: string
  language: EditorLanguage
  /** Without edit access the text can be read, selected and searched, never changed. */
  readOnly: boolean
  /** Told when the text starts or stops differing from the stored one. */
  onUnsaved(unsaved: boolean): void
  handle: Ref<EditorHandle>
  /** The accessible name of the text area. */
  label: string
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
})

/**
 * The drive's code editor (CodeMirror 6; its own chunk, loaded with the first text file): the
 * spec's highlighting up to 200,000 characters, 300 undo steps grouped by 300 ms, read-only
 * without edit. The view is made once per mount; the file view remounts it for another file.
 */
export default function CodeEditor({
  initial,
  language,
  readOnly,
  onUnsaved,
  handle,
  label,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const stored = useRef<Text | null>(null)
  const unsaved = useRef(false)
  const onUnsavedNow = useRef(onUnsaved)
  useEffect(() => {
    onUnsavedNow.current = onUnsaved
  })
  // Tells the screen only when the state flips, not on every keystroke.
  const report = useRef((now: boolean) => {
    if (now === unsaved.current) return
    unsaved.current = now
    onUnsavedNow.current(now)
  })

  useEffect(() => {
    const highlight = new Compartment()
    const support = languageSupport(language)
    // Parsing a very long text on every change makes typing lag: past the limit it stays plain.
    const highlighting = (length: number) => (length > HIGHLIGHT_LIMIT ? [] : support)
    let highlighted = initial.length <= HIGHLIGHT_LIMIT
    unsaved.current = false
    const state = EditorState.create({
      doc: initial,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        foldGutter(),
        drawSelection(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        indentOnInput(),
        bracketMatching(),
        history({ minDepth: HISTORY_DEPTH, newGroupDelay: HISTORY_GROUP_DELAY }),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        highlight.of(highlighting(initial.length)),
        keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        theme,
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return
          const doc = update.state.doc
          report.current(!doc.eq(stored.current ?? doc))
          const wanted = doc.length <= HIGHLIGHT_LIMIT
          if (wanted !== highlighted) {
            highlighted = wanted
            update.view.dispatch({ effects: highlight.reconfigure(highlighting(doc.length)) })
          }
        }),
      ],
    })
    stored.current = state.doc
    const editor = new EditorView({ state, parent: host.current! })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
  }, [initial, language, readOnly, label])

  useImperativeHandle(
    handle,
    () => ({
      text: () => view.current?.state.doc.toString() ?? initial,
      replace(text) {
        const editor = view.current
        if (!editor || text === editor.state.doc.toString()) return
        editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } })
      },
      saved(text) {
        const editor = view.current
        if (!editor) return
        stored.current = editor.state.toText(text)
        report.current(!editor.state.doc.eq(stored.current))
      },
    }),
    [initial],
  )

  return <div ref={host} className="drive-editor" data-testid="code-editor" />
}
