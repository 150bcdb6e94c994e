import { useState, type MouseEvent } from 'react'
import { Link } from 'react-router'
import { displayBytes, Icon, useT, type Selection } from '@shopwright/admin-ui/kit'
import type { DriveEntry } from '../shared/index.js'
import type { DriveApi } from './drive-api.js'
import { entryIcon, fileKind } from './file-kinds.js'
import { placeUrl } from './paths.js'
import type { EntryDrag } from './useEntryDrag.js'

/** A tile's picture is asked for at this size: twice the tile's 160 px, for sharp screens. */
export const THUMBNAIL_SIDE = 320

export interface FolderGridProps {
  api: DriveApi
  base: string
  entries: readonly DriveEntry[]
  selection: Selection
  /** Entries that open in the preview (images, PDFs): a click there shows it over the folder. */
  previewable(entry: DriveEntry): boolean
  preview(entry: DriveEntry): void
  /** Dragging tiles onto a folder's tile moves them (FolderView's drag). */
  drag: EntryDrag
  /** The drop attribute of a folder that takes entries, none for others. */
  dropTarget(entry: DriveEntry): Record<string, string>
  loading: boolean
  empty: string
}

/**
 * A folder as tiles: a thumbnail of each image (resized by the server, loaded as it scrolls into
 * view), an icon for folders and other files, and the name under it. Each tile is a link to the
 * entry, with its own check box for Delete and Download.
 */
export function FolderGrid(props: FolderGridProps) {
  const { entries, loading, empty } = props
  const t = useT()
  if (entries.length === 0)
    return (
      <p
        className="sw-muted drive-grid-empty"
        data-testid={loading ? 'grid-loading' : 'grid-empty'}
      >
        {loading ? t('Loading') : empty}
      </p>
    )
  return (
    <ul className="drive-grid" data-testid="drive-grid">
      {entries.map((entry) => (
        <Tile key={entry.path} entry={entry} {...props} />
      ))}
    </ul>
  )
}

function Tile({
  api,
  base,
  entry,
  selection,
  previewable,
  preview,
  drag,
  dropTarget,
}: FolderGridProps & { entry: DriveEntry }) {
  const t = useT()
  // An image the server cannot read (a HEIC called .jpg) falls back to the icon.
  const [broken, setBroken] = useState(false)
  const picture = entry.type === 'file' && fileKind(entry.name) === 'image' && !broken
  const checked = selection.selected.has(entry.path)
  const open = (event: MouseEvent) => {
    // A modified click still opens the file's own page in a new tab, as links do.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    if (!previewable(entry)) return
    event.preventDefault()
    preview(entry)
  }
  return (
    <li
      className={`drive-tile${checked ? ' drive-tile-selected' : ''}${
        drag.over === entry.path ? ' drive-drop-target' : ''
      }`}
      data-testid={`tile-${entry.path}`}
      {...dropTarget(entry)}
    >
      <input
        type="checkbox"
        className="drive-tile-check"
        checked={checked}
        onChange={() => selection.toggle(entry.path)}
        aria-label={t('Select {0}', entry.name)}
        data-testid={`tile-check-${entry.path}`}
      />
      <Link
        className="drive-tile-link"
        to={placeUrl(base, entry.path)}
        onClick={open}
        {...drag.source(entry)}
      >
        <span className="drive-tile-picture">
          {picture ? (
            <img
              src={api.thumbnailUrl(entry.path, THUMBNAIL_SIDE, entry.modified)}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setBroken(true)}
            />
          ) : (
            <Icon name={entryIcon(entry)} size={56} />
          )}
        </span>
        <span className="drive-tile-name" title={entry.name}>
          {entry.name}
        </span>
        {entry.type === 'file' ? (
          <span className="drive-tile-size">{displayBytes(entry.size, t)}</span>
        ) : null}
      </Link>
    </li>
  )
}
