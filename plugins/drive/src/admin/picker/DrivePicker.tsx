import { useMemo, useState } from 'react'
import { Dialog, Icon, LoadMore, shownError, useT, type Dialogs } from '@shopwright/admin-ui/kit'
import { pickerAllows, pickerFilter, splitPath, type DriveEntry } from '../../shared/index.js'
import type { DriveApi } from '../drive-api.js'
import { entryIcon, fileKind } from '../file-kinds.js'
import { useFolder } from '../useFolder.js'
import { choose, isWithin } from './selection.js'
import '../drive.css'

/** How a picker is opened. */
export interface PickerOptions {
  api: DriveApi
  /** The folder the picker never leaves: '' (the whole drive), `private`, `public`, `personal`. */
  root: string
  /** Extensions and the keywords `image` and `folder`, comma-separated; empty allows anything. */
  filter?: string | undefined
  multiple: boolean
  /** The paths chosen before; the picker opens in the first one's folder. */
  initial?: readonly string[]
  /** The folder it opens in when nothing was chosen before (the root by default). */
  start?: string
  /** The dialog's title, translated; Select File(s) by default. */
  title?: string
}

/** Where the picker opens: the folder of the current choice when it lies under the root. */
function startFolder(root: string, initial: readonly string[], start?: string): string {
  const first = initial[0]
  if (first === undefined) return start !== undefined && isWithin(root, start) ? start : root
  const { parent } = splitPath(first)
  return isWithin(root, parent) ? parent : root
}

/**
 * The drive's file and folder picker: folders open with a click on their name, the entries the
 * filter allows are chosen with their box (single select replaces, multi select toggles).
 */
export function DrivePicker({
  api,
  root,
  filter,
  multiple,
  initial = [],
  start,
  title,
  close,
}: PickerOptions & { close(paths: string[] | null): void }) {
  const t = useT()
  const [folder, setFolder] = useState(() => startFolder(root, initial, start))
  const [selected, setSelected] = useState<string[]>(() =>
    initial.filter((path) => isWithin(root, path)),
  )
  const allowed = useMemo(() => pickerFilter(filter), [filter])
  const { entries, hasMore, loading, error, more } = useFolder(api, folder)

  const rootNames = root === '' ? [] : root.split('/')
  const names = folder === '' ? [] : folder.split('/')
  // Crumbs from the root down: the root's own name (or Drive) first, nothing above it.
  const crumbs = [
    { label: root === '' ? t('Drive') : rootNames[rootNames.length - 1]!, path: root },
    ...names.slice(rootNames.length).map((name, index) => ({
      label: name,
      path: names.slice(0, rootNames.length + index + 1).join('/'),
    })),
  ]

  return (
    <Dialog
      title={title ?? (multiple ? t('Select Files') : t('Select File'))}
      onClose={() => close(null)}
      actions={[
        { label: t('Cancel'), testId: 'dialog-cancel', run: () => close(null) },
        {
          label: t('Select'),
          testId: 'dialog-ok',
          primary: true,
          disabled: selected.length === 0,
          run: () => close(selected),
        },
      ]}
    >
      <nav className="drive-picker-crumbs" aria-label={t('Breadcrumbs')}>
        {crumbs.map((crumb, index) => (
          <span key={crumb.path}>
            {index > 0 ? ' › ' : null}
            <button
              type="button"
              className="drive-link-button"
              disabled={crumb.path === folder}
              onClick={() => setFolder(crumb.path)}
              data-testid={`picker-crumb-${index}`}
            >
              {crumb.label}
            </button>
          </span>
        ))}
      </nav>
      {error !== undefined ? (
        <p role="alert" className="sw-field-error" data-testid="picker-error">
          {shownError(error, t).message}
        </p>
      ) : null}
      <ul className="drive-picker-list" data-testid="picker-list">
        {entries.map((entry) => {
          const choosable = pickerAllows(allowed, entry)
          return (
            <li key={entry.path} data-testid={`picker-row-${entry.path}`}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name="drive-picker"
                checked={selected.includes(entry.path)}
                disabled={!choosable}
                aria-label={t('Select {0}', entry.name)}
                onChange={() => setSelected((now) => choose(now, entry.path, multiple))}
                data-testid={`picker-check-${entry.path}`}
              />
              <EntryPicture api={api} entry={entry} />
              {entry.type === 'folder' ? (
                <button
                  type="button"
                  className="drive-link-button"
                  onClick={() => setFolder(entry.path)}
                  data-testid={`picker-open-${entry.path}`}
                >
                  {entry.name}
                </button>
              ) : (
                <span className={choosable ? undefined : 'sw-muted'}>{entry.name}</span>
              )}
            </li>
          )
        })}
        {!loading && entries.length === 0 && error === undefined ? (
          <li className="sw-muted">{t('This folder is empty.')}</li>
        ) : null}
      </ul>
      <LoadMore hasMore={hasMore} loading={loading} onMore={() => void more()} />
      <p className="sw-muted" data-testid="picker-selected">
        {selected.length ? t('Selected: {0}', selected.join(', ')) : t('Nothing selected')}
      </p>
    </Dialog>
  )
}

/** The side of a picked image's thumbnail, in CSS pixels (the server scales it, doubled for sharp screens). */
const THUMBNAIL_SIDE = 40

/**
 * An image file's thumbnail, so staff choose a product picture by what it shows, not its name;
 * the icon of its kind for anything else, or an image that fails to load.
 */
function EntryPicture({ api, entry }: { api: DriveApi; entry: DriveEntry }) {
  const [broken, setBroken] = useState(false)
  if (entry.type !== 'file' || fileKind(entry.name) !== 'image' || broken)
    return <Icon name={entryIcon(entry)} size={18} />
  return (
    <img
      className="drive-picker-thumbnail"
      src={api.thumbnailUrl(entry.path, THUMBNAIL_SIDE * 2, entry.modified)}
      alt=""
      width={THUMBNAIL_SIDE}
      height={THUMBNAIL_SIDE}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      data-testid={`picker-thumbnail-${entry.path}`}
    />
  )
}

/** Opens the picker; resolves with the chosen paths, or null when cancelled. */
export function pickPaths(dialogs: Dialogs, options: PickerOptions): Promise<string[] | null> {
  return dialogs.open<string[]>(({ close }) => <DrivePicker {...options} close={close} />, 'md')
}
