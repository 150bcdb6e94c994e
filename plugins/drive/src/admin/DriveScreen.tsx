import { useLocation } from 'react-router'
import { ErrorView, useClientApi } from '@shopwright/admin-ui/kit'
import { useAdministrator } from './administrator.js'
import { driveApi, type DriveApi } from './drive-api.js'
import { FileView } from './FileView.js'
import { FolderView } from './FolderView.js'
import { drivePlace, isFilePath, placeUrl } from './paths.js'
import { UploadPanel } from './UploadPanel.js'
import { useUploads } from './useUploads.js'
import './drive.css'

/** `/drive` and `/drive/{path}` (a folder, or a file when its name has a dot) over the calls. */
export default function DriveScreen() {
  const api = useClientApi(driveApi)
  return <Drive api={api} administrator={useAdministrator()} />
}

/**
 * A folder, or a file when the last name has a dot. The address's first segment is the drive's
 * fragment, whatever the site named it; the rest is the path.
 */
export function Drive({ api, administrator }: { api: DriveApi; administrator: boolean }) {
  const { pathname } = useLocation()
  // Above the views: a batch goes on, and its panel stays, while staff open other places.
  const uploads = useUploads(api)
  const place = drivePlace(pathname)
  if (!place) return <ErrorView title="ERROR_FILE_NOT_FOUND" />
  const { base, path } = place
  // Keyed by path: another folder or file starts from a clean state (selection, editor, errors).
  return (
    <>
      {isFilePath(path) ? (
        <FileView
          key={path}
          api={api}
          base={base}
          path={path}
          fileUrl={(to) => placeUrl(base, to)}
        />
      ) : (
        <FolderView
          key={path}
          api={api}
          base={base}
          path={path}
          administrator={administrator}
          uploads={uploads}
        />
      )}
      {uploads.batch ? <UploadPanel batch={uploads.batch} dismiss={uploads.dismiss} /> : null}
    </>
  )
}
