import { useEffect, useRef, useState, type DragEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  Button,
  DataTable,
  displayBytes,
  Icon,
  LoadMore,
  useDialogs,
  useLanguage,
  useSelection,
  useT,
  type Column,
  DeleteSelectedButton,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import { joinPath, splitPath, type DriveEntry } from '../shared/index.js'
import { DriveCrumbs } from './DriveCrumbs.js'
import type { DriveApi } from './drive-api.js'
import { entryIcon, fileKind } from './file-kinds.js'
import { FilePreview } from './FilePreview.js'
import { FolderGrid } from './FolderGrid.js'
import { LoadError } from './LoadError.js'
import { promptName } from './NamePrompt.js'
import { openLink } from './open-link.js'
import { isFixedFolder, placeUrl, takesSecurity } from './paths.js'
import { renameEntry } from './rename-entry.js'
import { SecuritySelect } from './SecuritySelect.js'
import { pickPaths } from './picker/DrivePicker.js'
import { DROP_FOLDER, useEntryDrag } from './useEntryDrag.js'
import { useFolder } from './useFolder.js'
import type { Uploads } from './useUploads.js'
import { useViewMode } from './view-mode.js'
import { ViewToggle } from './ViewToggle.js'

export interface FolderViewProps {
  api: DriveApi
  /** The drive's address fragment (`/drive`). */
  base: string
  path: string
  /** Offers the folder's security record (the administrator role). */
  administrator: boolean
  /** The drive's upload batch, held above the views (useUploads). */
  uploads: Uploads
}

/** True when a drag carries files from the desktop (not text or a link dragged inside the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/** Files that open in the preview over the folder rather than on a page of their own. */
const previewable = (entry: DriveEntry) =>
  entry.type === 'file' && ['image', 'pdf'].includes(fileKind(entry.name))

/**
 * A folder: its entries as a table (Name, Size, Created, Modified) or a grid of thumbnails, with
 * load-more paging, and Delete, Refresh, File, Folder, Upload, Download and Rename by the folder's
 * rights. Images and PDFs open in a preview over the folder. Files dropped on the screen upload
 * like those chosen with Upload, in the uploads panel, while the folder stays usable.
 */
export function FolderView({ api, base, path, administrator, uploads }: FolderViewProps) {
  const t = useT()
  const { language } = useLanguage()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const { folder, entries, hasMore, loading, error, reload, more } = useFolder(api, path)
  const selection = useSelection(entries.map((entry) => entry.path))
  const [dropping, setDropping] = useState(false)
  const [mode, setMode] = useViewMode()
  const chooser = useRef<HTMLInputElement>(null)

  const selected = entries.filter((entry) => selection.selected.has(entry.path))
  const refresh = async () => {
    selection.clear()
    await reload()
  }

  const remove = async () => {
    const sure = await dialogs.confirm(
      selected.length === 1
        ? 'Are you sure you want to delete this file?'
        : 'Are you sure you want to delete these files?',
    )
    if (!sure) return
    try {
      await api.bin(selected.map((entry) => entry.path))
    } catch (failure) {
      await dialogs.error('Unable to Delete', failure)
    }
    await refresh()
  }

  const create = async (kind: 'file' | 'folder') => {
    const name = await promptName(dialogs, {
      title: kind === 'file' ? t('New File') : t('New Folder'),
      kind,
    })
    if (name === null) return
    try {
      await api.create(joinPath(path, name))
    } catch (failure) {
      await dialogs.error(
        kind === 'file' ? 'Unable to Create File' : 'Unable to Create Folder',
        failure,
      )
    }
    await refresh()
  }

  const upload = (files: readonly File[]) => uploads.start(path, files)

  const movable = (entry: DriveEntry) => entry.access.edit && !isFixedFolder(entry.path)
  const moveInto = async (paths: string[], to: string) => {
    try {
      await api.move(paths, to)
    } catch (failure) {
      await dialogs.error('Unable to Move', failure)
    }
    await refresh()
  }
  // Entries dragged onto a folder of the listing move there; the server's refusal is shown.
  const drag = useEntryDrag({
    selected: selection.selected,
    movable,
    move: (paths, to) => void moveInto(paths, to),
  })
  // The same move from the keyboard: Move, then the folder chosen in the drive's picker.
  const moveSelected = async () => {
    const chosen = await pickPaths(dialogs, {
      api,
      root: '',
      filter: 'folder',
      multiple: false,
      start: path,
      title: t('Move To'),
    })
    if (chosen?.[0] !== undefined)
      await moveInto(
        selected.map((entry) => entry.path),
        chosen[0],
      )
  }
  /** Marks a folder that takes dropped entries (create on it), and the one a drag is over. */
  const dropTarget = (entry: DriveEntry): Record<string, string> =>
    entry.type === 'folder' && entry.access.create ? { [DROP_FOLDER]: entry.path } : {}

  // Each file the drive takes into this folder shows in it at once, while the rest are sent.
  const batch = uploads.batch
  const arrived =
    batch?.folder === path ? batch.items.filter((item) => item.status === 'done').length : 0
  useEffect(() => {
    if (arrived > 0) void reload()
  }, [arrived, reload])

  const preview = (entry: DriveEntry) => {
    const files = entries.filter(previewable)
    void dialogs.open<null>(
      ({ close }) => (
        <FilePreview
          api={api}
          files={files}
          start={Math.max(files.indexOf(entry), 0)}
          close={() => close(null)}
          open={(file) => {
            close(null)
            void navigate(placeUrl(base, file.path))
          }}
        />
      ),
      'lg',
    )
  }

  const download = () => {
    // Nothing selected: the whole folder, as a zip named after it.
    const paths = selected.length ? selected.map((entry) => entry.path) : [path]
    const single = selected.length === 1 && selected[0]!.type === 'file'
    const zipName = `${(selected.length === 1 ? selected[0]!.name : folder?.name) || 'download'}.zip`
    openLink(api.downloadUrl(paths, single ? undefined : zipName))
  }

  const rename = async () => {
    const renamed = await renameEntry(dialogs, t, api, path, 'folder')
    if (renamed !== null) void navigate(placeUrl(base, renamed))
  }

  if (error !== undefined && !folder) return <LoadError error={error} />
  const access = folder?.access
  // The root holds only the three top-level folders: nothing is made in it or taken from it.
  const root = path === ''
  const canCreate = access?.create === true && !root

  const drop = {
    onDragOver: (event: DragEvent) => {
      if (drag.active()) return drag.onDragOver(event)
      if (!canCreate || !carriesFiles(event)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'copy'
      setDropping(true)
    },
    onDragLeave: (event: DragEvent) => {
      drag.onDragLeave(event)
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false)
    },
    onDrop: (event: DragEvent) => {
      if (drag.active()) return drag.onDrop(event)
      if (!canCreate || !carriesFiles(event)) return
      event.preventDefault()
      setDropping(false)
      upload([...event.dataTransfer.files])
    },
  }

  const empty = canCreate
    ? t('This folder is empty: drop files here to upload them.')
    : t('This folder is empty.')
  const when = (value: string) => new Date(value).toLocaleString(language)
  const columns: Array<Column<DriveEntry>> = [
    {
      id: 'name',
      label: t('Name'),
      render: (entry) => (
        <Link
          className={`drive-entry${drag.over === entry.path ? ' drive-drop-target' : ''}`}
          to={placeUrl(base, entry.path)}
          {...drag.source(entry)}
          {...dropTarget(entry)}
          onClick={(event) => {
            // A plain click on an image or PDF previews it; a modified one opens a tab, as links do.
            if (!previewable(entry) || event.metaKey || event.ctrlKey || event.shiftKey) return
            event.preventDefault()
            preview(entry)
          }}
        >
          <Icon name={entryIcon(entry)} size={18} />
          {entry.name}
        </Link>
      ),
    },
    {
      id: 'size',
      label: t('Size'),
      width: 120,
      render: (entry) => (entry.type === 'file' ? displayBytes(entry.size, t) : ''),
    },
    { id: 'created', label: t('Created'), width: 200, render: (entry) => when(entry.created) },
    { id: 'modified', label: t('Modified'), width: 200, render: (entry) => when(entry.modified) },
  ]

  return (
    <section
      className={`drive-folder${dropping ? ' drive-dropping' : ''}`}
      data-testid="drive-folder"
      {...drop}
    >
      <DriveCrumbs base={base} path={path} />
      <h1>{path === '' ? t('Drive') : (folder?.name ?? splitPath(path).name)}</h1>
      <div className="sw-toolbar">
        {access?.delete && !root ? (
          <DeleteSelectedButton count={selected.length} onClick={() => void remove()} />
        ) : null}
        <RefreshButton onClick={() => void refresh()} />
        {canCreate ? (
          <>
            <Button icon="file-plus" onClick={() => void create('file')} data-testid="new-file">
              {t('File')}
            </Button>
            <Button
              icon="folder-plus"
              onClick={() => void create('folder')}
              data-testid="new-folder"
            >
              {t('Folder')}
            </Button>
            <Button
              icon="upload"
              disabled={uploads.busy}
              onClick={() => chooser.current?.click()}
              data-testid="upload"
            >
              {t('Upload')}
            </Button>
            <input
              ref={chooser}
              type="file"
              multiple
              hidden
              data-testid="upload-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])]
                // Cleared, so choosing the same files again uploads them again.
                event.target.value = ''
                upload(files)
              }}
            />
          </>
        ) : null}
        {access ? (
          <Button
            icon="download"
            disabled={path === '' && selected.length === 0}
            onClick={download}
            data-testid="download"
          >
            {t('Download')}
          </Button>
        ) : null}
        {access?.edit && !root ? (
          <Button
            icon="folder-open"
            disabled={selected.length === 0 || !selected.every(movable)}
            onClick={() => void moveSelected()}
            data-testid="move"
          >
            {t('Move')}
          </Button>
        ) : null}
        {access?.edit && !isFixedFolder(path) ? (
          <Button icon="rename" onClick={() => void rename()} data-testid="rename">
            {t('Rename')}
          </Button>
        ) : null}
        {administrator && folder && takesSecurity(path) ? (
          <SecuritySelect api={api} folder={folder} changed={() => void reload()} />
        ) : null}
        <ViewToggle mode={mode} choose={setMode} />
      </div>
      {mode === 'grid' ? (
        <FolderGrid
          api={api}
          base={base}
          entries={entries}
          selection={selection}
          previewable={previewable}
          preview={preview}
          drag={drag}
          dropTarget={dropTarget}
          loading={loading}
          empty={empty}
        />
      ) : (
        <DataTable
          rows={entries}
          columns={columns}
          rowKey="path"
          selectable
          selected={selection.selected}
          onSelect={selection.onSelect}
          onRowClick={(entry) =>
            previewable(entry) ? preview(entry) : void navigate(placeUrl(base, entry.path))
          }
          loading={loading && entries.length === 0}
          empty={empty}
        />
      )}
      <LoadMore hasMore={hasMore} loading={loading} onMore={() => void more()} />
    </section>
  )
}
