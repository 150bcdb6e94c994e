import {
  Button,
  useClientApi,
  useDialogs,
  useT,
  type FieldEditorProps,
} from '@shopwright/admin-ui/kit'
import { driveApi, type DriveApi } from '../drive-api.js'
import { pickPaths } from '../picker/DrivePicker.js'
import { rootOfDatatype } from './roots.js'

/**
 * A record field that holds a drive path (the datatypes `folder`, `privatefolder`, `publicfolder`,
 * `personalfolder`): the path as text, Browse opens the picker in the field's root with the field's
 * extension filter, Clear empties it.
 */
export default function DrivePathField(props: FieldEditorProps) {
  const api = useClientApi(driveApi)
  return <DrivePath api={api} {...props} />
}

/** The field over the drive's calls (the default export gives the real ones). */
export function DrivePath({
  api,
  field,
  value,
  onChange,
  readOnly,
  id,
}: FieldEditorProps & { api: DriveApi }) {
  const t = useT()
  const dialogs = useDialogs()
  const path = typeof value === 'string' ? value : ''
  const browse = async () => {
    const picked = await pickPaths(dialogs, {
      api,
      root: rootOfDatatype(field.datatype),
      filter: field.fileextension,
      multiple: false,
      initial: path ? [path] : [],
    })
    if (picked?.[0] !== undefined) onChange(picked[0])
  }
  return (
    <span className="drive-path-field">
      <input
        id={id}
        className="sw-input"
        value={path}
        readOnly
        placeholder={field.placeholder}
        data-testid={`path-${field.id}`}
      />
      {readOnly ? null : (
        <>
          <Button
            icon="folder-open"
            onClick={() => void browse()}
            data-testid={`browse-${field.id}`}
          >
            {t('Browse')}
          </Button>
          {path ? (
            <Button icon="close" onClick={() => onChange(null)} data-testid={`clear-${field.id}`}>
              {t('Remove')}
            </Button>
          ) : null}
        </>
      )}
    </span>
  )
}
