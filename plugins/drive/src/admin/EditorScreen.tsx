import { useNavigate, useSearchParams } from 'react-router'
import { Button, useClientApi, useDialogs, useT } from '@shopwright/admin-ui/kit'
import { driveApi, type DriveApi } from './drive-api.js'
import { FileView } from './FileView.js'
import { DRIVE_BASE, editorUrl, isFilePath } from './paths.js'
import { pickPaths } from './picker/DrivePicker.js'
import './drive.css'

/** `/editor`: the drive's editor on its own, over the real calls. */
export default function EditorScreen() {
  const api = useClientApi(driveApi)
  return <Editor api={api} />
}

/**
 * The file named by `?path=` in the drive's file view, its renames staying in the editor; without
 * one, a button to pick a file.
 */
export function Editor({ api }: { api: DriveApi }) {
  const t = useT()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const path = params.get('path') ?? ''
  if (path !== '' && isFilePath(path))
    return <FileView key={path} api={api} base={DRIVE_BASE} path={path} fileUrl={editorUrl} />

  const open = async () => {
    const picked = await pickPaths(dialogs, { api, root: '', multiple: false })
    const chosen = picked?.[0]
    if (chosen !== undefined && isFilePath(chosen)) void navigate(editorUrl(chosen))
  }
  return (
    <section data-testid="editor-start">
      <h1>{t('Editor')}</h1>
      <p className="sw-muted">{t('Open a file of the drive to read or change it.')}</p>
      <div className="sw-toolbar">
        <Button icon="folder-open" variant="primary" onClick={() => void open()} data-testid="open">
          {t('Open')}
        </Button>
      </div>
    </section>
  )
}
