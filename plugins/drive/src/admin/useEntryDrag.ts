import { useRef, useState, type DragEvent } from 'react'
import type { DriveEntry } from '../shared/index.js'

/**
 * The type of a drag of drive entries inside the page: one of its own, so that files dragged in
 * from the desktop (uploads) and entries dragged onto a folder (moves) are told apart.
 */
export const ENTRY_DRAG_TYPE = 'application/x-shopwright-drive'

/** The attribute that names a folder taking drops: on a folder's tile, or its link in a row. */
export const DROP_FOLDER = 'data-drop-folder'

/** The folder a drag is over: the tile or row (through its link) that says it takes drops. */
export function dropFolderAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null
  const holder =
    target.closest(`[${DROP_FOLDER}]`) ?? target.closest('tr')?.querySelector(`[${DROP_FOLDER}]`)
  return holder?.getAttribute(DROP_FOLDER) ?? null
}

export interface EntryDrag {
  /** The folder that would take the drop now, for its highlight. */
  over: string | null
  /** True while entries of this page are being dragged. */
  active(): boolean
  /** Props for an entry's link: dragging it drags it, or the whole selection when it is in it. */
  source(entry: DriveEntry): {
    draggable: boolean
    onDragStart?: (event: DragEvent) => void
    onDragEnd?: () => void
  }
  /** For the listing's container: follows the folder under the pointer, and drops onto it. */
  onDragOver(event: DragEvent): void
  onDragLeave(event: DragEvent): void
  onDrop(event: DragEvent): void
}

/**
 * Drag and drop of entries onto a folder of the listing (issue 35): the dragged paths are kept
 * here while the drag lasts (a page may not read a drag's data before the drop), and a drop on a
 * folder that is not one of them hands them to `move`.
 */
export function useEntryDrag(options: {
  selected: ReadonlySet<string>
  /** Whether the entry may be dragged away (edit on it, and not a fixed folder). */
  movable(entry: DriveEntry): boolean
  move(paths: string[], to: string): void
}): EntryDrag {
  const dragged = useRef<string[] | null>(null)
  const [over, setOver] = useState<string | null>(null)
  // A folder takes a drop unless it is one of the dragged entries or lies below one.
  const takes = (paths: readonly string[] | null, folder: string | null): folder is string =>
    paths !== null &&
    folder !== null &&
    !paths.some((path) => folder === path || folder.startsWith(`${path}/`))

  return {
    over,
    active: () => dragged.current !== null,
    source(entry) {
      if (!options.movable(entry)) return { draggable: false }
      return {
        draggable: true,
        onDragStart(event) {
          const paths = options.selected.has(entry.path) ? [...options.selected] : [entry.path]
          dragged.current = paths
          event.dataTransfer.setData(ENTRY_DRAG_TYPE, JSON.stringify(paths))
          event.dataTransfer.effectAllowed = 'move'
        },
        onDragEnd() {
          dragged.current = null
          setOver(null)
        },
      }
    },
    onDragOver(event) {
      const folder = dropFolderAt(event.target)
      if (!takes(dragged.current, folder)) {
        setOver(null)
        return
      }
      event.preventDefault()
      event.dataTransfer.dropEffect = 'move'
      setOver(folder)
    },
    onDragLeave(event) {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null)
    },
    onDrop(event) {
      const folder = dropFolderAt(event.target)
      const paths = dragged.current
      dragged.current = null
      setOver(null)
      if (paths === null || !takes(paths, folder)) return
      event.preventDefault()
      options.move(paths, folder)
    },
  }
}
