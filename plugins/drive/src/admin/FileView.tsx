import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  Button,
  displayBytes,
  useDialogs,
  useLanguage,
  useT,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import { splitPath, type DriveFile } from '../shared/index.js'
import { DriveCrumbs } from './DriveCrumbs.js'
import type { DriveApi } from './drive-api.js'
import type { EditorHandle } from './editor/editor-settings.js'
import { editorLanguage, fileKind } from './file-kinds.js'
import { canFormat, formatSource } from './format.js'
import { LoadError } from './LoadError.js'
import { openLink } from './open-link.js'
import { placeUrl } from './paths.js'
import { renameEntry } from './rename-entry.js'
import { useLeaveGuard } from './useLeaveGuard.js'

// CodeMirror is a chunk of its own, loaded with the first text file opened.
const CodeEditor = lazy(() => import('./editor/CodeEditor.js'))

export interface FileViewProps {
  api: DriveApi
  /** The drive's address fragment (`/drive`): folders and the breadcrumbs lead there. */
  base: string
  path: string
  /** Where a file's path leads: its drive address, or the editor's (`/editor?path=`). */
  fileUrl(path: string): string
}

/**
 * A file: Delete, Refresh, Rename, Format and Download by the file's rights, and its contents in
 * the editor, as an image or in a PDF frame. Ctrl-S (Cmd-S) saves; leaving with unsaved changes
 * asks first.
 */
export function FileView({ api, base, path, fileUrl }: FileViewProps) {
  const t = useT()
  const { language: locale } = useLanguage()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const [file, setFile] = useState<DriveFile | null>(null)
  const [text, setText] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(undefined)
  // A new number remounts the editor with the text read again (Refresh).
  const [revision, setRevision] = useState(0)
  const [unsaved, setUnsaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const editor = useRef<EditorHandle>(null)
  const saving = useRef(false)
  const leaveFreely = useLeaveGuard(unsaved)

  const name = splitPath(path).name
  const kind = fileKind(name)
  const language = editorLanguage(name)

  const load = useCallback(async () => {
    try {
      const entry = await api.get(path)
      if (entry.type !== 'file') throw new Error('ERROR_FILE_NOT_FOUND')
      const contents = fileKind(entry.name) === 'text' ? await api.loadText(path) : null
      setFile(entry)
      setText(contents)
      setUnsaved(false)
      setRevision((value) => value + 1)
      setError(undefined)
    } catch (failure) {
      setError(failure)
    }
  }, [api, path])
  useEffect(() => {
    void load()
  }, [load])

  const canEdit = file?.access.edit === true
  const save = useCallback(async () => {
    const handle = editor.current
    if (!handle || !canEdit || saving.current) return
    saving.current = true
    setBusy(true)
    const source = handle.text()
    try {
      setFile(await api.save(path, source))
      handle.saved(source)
    } catch (failure) {
      await dialogs.error('Unable to Save', failure)
    } finally {
      saving.current = false
      setBusy(false)
    }
  }, [api, path, canEdit, dialogs])

  // Ctrl-S anywhere on the screen, in the editor or not: the browser's own "save page" is useless here.
  useEffect(() => {
    if (kind !== 'text') return
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's')
        return
      event.preventDefault()
      void save()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [kind, save])

  const parent = splitPath(path).parent

  const remove = async () => {
    if (!(await dialogs.confirm('Are you sure you want to delete this file?'))) return
    try {
      await api.bin([path])
    } catch (failure) {
      await dialogs.error('Unable to Delete', failure)
      return
    }
    // The file is in the bin: nothing is left to save, so leaving does not ask.
    leaveFreely()
    void navigate(placeUrl(base, parent))
  }

  const refresh = async () => {
    if (unsaved && !(await dialogs.confirm('Discard your unsaved changes?'))) return
    await load()
  }

  const rename = async () => {
    const renamed = await renameEntry(dialogs, t, api, path, 'file')
    if (renamed !== null) void navigate(fileUrl(renamed))
  }

  const format = async () => {
    const handle = editor.current
    if (!handle) return
    try {
      handle.replace(await formatSource(handle.text(), language))
    } catch (failure) {
      await dialogs.error('Unable to Format', failure)
    }
  }

  if (error !== undefined) return <LoadError error={error} />
  if (!file) return <p className="sw-muted">{t('Loading')}</p>

  return (
    <section className="drive-file" data-testid="drive-file">
      <DriveCrumbs base={base} path={path} />
      <h1>
        {file.name}
        {unsaved ? (
          <span className="drive-unsaved" data-testid="unsaved" title={t('Unsaved changes')}>
            {' '}
            •
          </span>
        ) : null}
      </h1>
      <div className="sw-toolbar">
        {file.access.delete ? (
          <Button icon="delete" onClick={() => void remove()} data-testid="delete">
            {t('Delete')}
          </Button>
        ) : null}
        <RefreshButton onClick={() => void refresh()} />
        {canEdit ? (
          <Button icon="rename" onClick={() => void rename()} data-testid="rename">
            {t('Rename')}
          </Button>
        ) : null}
        {kind === 'text' && canEdit && canFormat(language) ? (
          <Button icon="format-align-left" onClick={() => void format()} data-testid="format">
            {t('Format')}
          </Button>
        ) : null}
        {kind === 'text' && canEdit ? (
          <Button
            icon="content-save"
            variant="primary"
            disabled={!unsaved || busy}
            onClick={() => void save()}
            data-testid="save"
          >
            {busy ? t('Saving...') : t('Save')}
          </Button>
        ) : null}
        <Button
          icon="download"
          onClick={() => openLink(api.downloadUrl([path]))}
          data-testid="download"
        >
          {t('Download')}
        </Button>
      </div>
      <p className="sw-muted" data-testid="file-details">
        {t(
          '{0}, modified {1}',
          displayBytes(file.size, t),
          new Date(file.modified).toLocaleString(locale),
        )}
        {kind === 'text' && !canEdit ? ` · ${t('Read only')}` : ''}
      </p>
      {kind === 'text' && text !== null ? (
        <div className="drive-editor-frame">
          <Suspense fallback={<p className="sw-muted">{t('Loading')}</p>}>
            <CodeEditor
              key={revision}
              initial={text}
              language={language}
              readOnly={!canEdit}
              onUnsaved={setUnsaved}
              handle={editor}
              label={file.name}
            />
          </Suspense>
        </div>
      ) : kind === 'image' ? (
        <img className="drive-image" src={api.loadUrl(path)} alt={file.name} />
      ) : kind === 'pdf' ? (
        <iframe className="drive-pdf" src={api.loadUrl(path)} title={file.name} />
      ) : (
        <p className="sw-muted">{t('This file cannot be shown here: download it to open it.')}</p>
      )}
    </section>
  )
}
