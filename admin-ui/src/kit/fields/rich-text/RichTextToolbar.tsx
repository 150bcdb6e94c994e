import { useRef, useState, type KeyboardEvent } from 'react'
import type { Editor } from '@tiptap/react'
import { useEditorState } from '@tiptap/react'
import {
  mdiCodeTags,
  mdiFormatBold,
  mdiFormatHeader2,
  mdiFormatHeader3,
  mdiFormatItalic,
  mdiFormatListBulleted,
  mdiFormatListNumbered,
  mdiFormatQuoteClose,
  mdiFormatStrikethroughVariant,
  mdiFormatUnderline,
  mdiLinkVariant,
  mdiRedo,
  mdiUndo,
} from '@mdi/js'
import { useT } from '../../i18n.js'
import { LinkRow } from './LinkRow.js'

interface Tool {
  name: string
  label: string
  /** An @mdi/js path: drawn here, so the icons load with the editor, not with the kit's set. */
  icon: string
  /** For a toggle: whether it is on at the cursor (aria-pressed). */
  pressed?: boolean
  disabled?: boolean
  run(): void
  /** Starts a group of its own (a gap before it). */
  group?: boolean
}

export interface RichTextToolbarProps {
  editor: Editor
  /** The id of the editable area the buttons act on. */
  controls: string
  /** Whether the HTML source is shown instead of the editor. */
  source: boolean
  onSource(): void
}

/**
 * The rich-text toolbar (one tab stop; the arrow keys, Home and End move between its buttons, as
 * a toolbar does): marks, headings, lists, quote, link, undo and redo, and the HTML source toggle.
 * In the source view only the toggle works, the rest acting on a text not shown.
 */
export function RichTextToolbar({ editor, controls, source, onSource }: RichTextToolbarProps) {
  const t = useT()
  const [linking, setLinking] = useState(false)
  const [stop, setStop] = useState('bold')
  const bar = useRef<HTMLDivElement>(null)
  // Re-rendered when what the buttons show changes, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor.isActive('bold'),
      italic: editor.isActive('italic'),
      underline: editor.isActive('underline'),
      strike: editor.isActive('strike'),
      h2: editor.isActive('heading', { level: 2 }),
      h3: editor.isActive('heading', { level: 3 }),
      bulletList: editor.isActive('bulletList'),
      orderedList: editor.isActive('orderedList'),
      blockquote: editor.isActive('blockquote'),
      link: editor.isActive('link'),
      canUndo: editor.can().undo(),
      canRedo: editor.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const tools: Tool[] = [
    {
      name: 'bold',
      label: t('Bold'),
      icon: mdiFormatBold,
      pressed: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      name: 'italic',
      label: t('Italic'),
      icon: mdiFormatItalic,
      pressed: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      name: 'underline',
      label: t('Underline'),
      icon: mdiFormatUnderline,
      pressed: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      name: 'strike',
      label: t('Strikethrough'),
      icon: mdiFormatStrikethroughVariant,
      pressed: state.strike,
      run: () => chain().toggleStrike().run(),
    },
    {
      name: 'h2',
      label: t('Heading 2'),
      icon: mdiFormatHeader2,
      pressed: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
      group: true,
    },
    {
      name: 'h3',
      label: t('Heading 3'),
      icon: mdiFormatHeader3,
      pressed: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      name: 'bullet-list',
      label: t('Bulleted list'),
      icon: mdiFormatListBulleted,
      pressed: state.bulletList,
      run: () => chain().toggleBulletList().run(),
      group: true,
    },
    {
      name: 'ordered-list',
      label: t('Numbered list'),
      icon: mdiFormatListNumbered,
      pressed: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      name: 'blockquote',
      label: t('Quote'),
      icon: mdiFormatQuoteClose,
      pressed: state.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      name: 'link',
      label: t('Link'),
      icon: mdiLinkVariant,
      pressed: linking || state.link,
      run: () => setLinking(!linking),
      group: true,
    },
    {
      name: 'undo',
      label: t('Undo'),
      icon: mdiUndo,
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
      group: true,
    },
    {
      name: 'redo',
      label: t('Redo'),
      icon: mdiRedo,
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
  ].map((tool) => (source ? { ...tool, disabled: true } : tool))
  tools.push({
    name: 'source',
    label: t('HTML source'),
    icon: mdiCodeTags,
    pressed: source,
    run: () => {
      setLinking(false)
      onSource()
    },
    group: true,
  })

  const usable = tools.filter((tool) => !tool.disabled)
  // The tab stop: the button last used, or the first usable one when that one is disabled now.
  const tabStop = usable.some((tool) => tool.name === stop) ? stop : usable[0]?.name

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = usable.findIndex((tool) => tool.name === tabStop)
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % usable.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + usable.length) % usable.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? usable.length - 1
              : -1
    const next = usable[to]
    if (!next) return
    event.preventDefault()
    setStop(next.name)
    bar.current?.querySelector<HTMLButtonElement>(`[data-tool="${next.name}"]`)?.focus()
  }

  return (
    <>
      <div
        ref={bar}
        className="sw-rich-text-toolbar"
        role="toolbar"
        aria-label={t('Formatting')}
        aria-controls={controls}
        onKeyDown={(event) => {
          // Keys typed in the link row stay there.
          if (event.target instanceof HTMLButtonElement) move(event)
        }}
      >
        {tools.map((tool) => (
          <button
            key={tool.name}
            type="button"
            className={`sw-icon-button sw-rich-text-tool${tool.group ? ' sw-rich-text-group' : ''}`}
            data-tool={tool.name}
            data-testid={`rich-text-${tool.name}`}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
            disabled={tool.disabled}
            tabIndex={tool.name === tabStop ? 0 : -1}
            onFocus={() => setStop(tool.name)}
            // A toolbar button keeps the editor's selection: focus stays in the text on a click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
          >
            <svg className="sw-icon" width={20} height={20} viewBox="0 0 24 24" aria-hidden="true">
              <path d={tool.icon} fill="currentColor" />
            </svg>
          </button>
        ))}
      </div>
      {linking && !source ? <LinkRow editor={editor} onClose={() => setLinking(false)} /> : null}
    </>
  )
}
