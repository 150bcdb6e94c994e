import { useRef, useState, type KeyboardEvent } from 'react'
import type { ChainedCommands, Editor } from '@tiptap/react'
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
  mdiImagePlus,
  mdiLinkVariant,
  mdiRedo,
  mdiTableColumnPlusAfter,
  mdiTableColumnRemove,
  mdiTablePlus,
  mdiTableRemove,
  mdiTableRowPlusAfter,
  mdiTableRowRemove,
  mdiUndo,
} from '@mdi/js'
import { useT } from '../../i18n.js'
import { ImageRow } from './ImageRow.js'
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
 * a toolbar does): marks, headings, lists, quote, link, picture, table (and, inside one, its rows
 * and columns), undo and redo, and the HTML source toggle.
 * In the source view only the toggle works, the rest acting on a text not shown.
 */
export function RichTextToolbar({ editor, controls, source, onSource }: RichTextToolbarProps) {
  const t = useT()
  // The row open under the toolbar: a link's address, or a picture and its alternative text.
  const [row, setRow] = useState<'link' | 'image' | null>(null)
  const linking = row === 'link'
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
      image: editor.isActive('image'),
      table: editor.isActive('table'),
      canUndo: editor.can().undo(),
      canRedo: editor.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  // A formatting toggle: pressed while its format is on at the cursor; `command` turns it on or
  // off, and `group` starts a group of its own.
  const toggle = (
    name: string,
    label: string,
    icon: string,
    pressed: boolean,
    command: (chained: ChainedCommands) => ChainedCommands,
    group?: boolean,
  ): Tool => ({ name, label, icon, pressed, run: () => command(chain()).run(), group })
  const tools: Tool[] = [
    toggle('bold', t('Bold'), mdiFormatBold, state.bold, (to) => to.toggleBold()),
    toggle('italic', t('Italic'), mdiFormatItalic, state.italic, (to) => to.toggleItalic()),
    toggle('underline', t('Underline'), mdiFormatUnderline, state.underline, (to) =>
      to.toggleUnderline(),
    ),
    toggle('strike', t('Strikethrough'), mdiFormatStrikethroughVariant, state.strike, (to) =>
      to.toggleStrike(),
    ),
    toggle(
      'h2',
      t('Heading 2'),
      mdiFormatHeader2,
      state.h2,
      (to) => to.toggleHeading({ level: 2 }),
      true,
    ),
    toggle('h3', t('Heading 3'), mdiFormatHeader3, state.h3, (to) =>
      to.toggleHeading({ level: 3 }),
    ),
    toggle(
      'bullet-list',
      t('Bulleted list'),
      mdiFormatListBulleted,
      state.bulletList,
      (to) => to.toggleBulletList(),
      true,
    ),
    toggle('ordered-list', t('Numbered list'), mdiFormatListNumbered, state.orderedList, (to) =>
      to.toggleOrderedList(),
    ),
    toggle('blockquote', t('Quote'), mdiFormatQuoteClose, state.blockquote, (to) =>
      to.toggleBlockquote(),
    ),
    {
      name: 'link',
      label: t('Link'),
      icon: mdiLinkVariant,
      pressed: linking || state.link,
      run: () => setRow(linking ? null : 'link'),
      group: true,
    },
    {
      name: 'image',
      label: t('Picture'),
      icon: mdiImagePlus,
      pressed: row === 'image' || state.image,
      run: () => setRow(row === 'image' ? null : 'image'),
    },
    {
      name: 'table',
      label: t('Insert a table'),
      icon: mdiTablePlus,
      disabled: state.table,
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    // Inside a table: its rows and columns.
    ...(state.table
      ? [
          {
            name: 'row-after',
            label: t('Add a row below'),
            icon: mdiTableRowPlusAfter,
            run: () => chain().addRowAfter().run(),
          },
          {
            name: 'column-after',
            label: t('Add a column to the right'),
            icon: mdiTableColumnPlusAfter,
            run: () => chain().addColumnAfter().run(),
          },
          {
            name: 'row-remove',
            label: t('Delete the row'),
            icon: mdiTableRowRemove,
            run: () => chain().deleteRow().run(),
          },
          {
            name: 'column-remove',
            label: t('Delete the column'),
            icon: mdiTableColumnRemove,
            run: () => chain().deleteColumn().run(),
          },
          {
            name: 'table-remove',
            label: t('Delete the table'),
            icon: mdiTableRemove,
            run: () => chain().deleteTable().run(),
          },
        ]
      : []),
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
      setRow(null)
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
      {linking && !source ? <LinkRow editor={editor} onClose={() => setRow(null)} /> : null}
      {row === 'image' && !source ? (
        <ImageRow editor={editor} onClose={() => setRow(null)} />
      ) : null}
    </>
  )
}
