import { useState } from 'react'
import { Dialog, FieldInput, useT, type DialogControl } from '@shopwright/admin-ui/kit'
import { cancelOk } from './dialog-actions.js'

/** A set's name and description, as the Details dialog edits them. */
export interface SetDetails {
  name: string
  description: string
}

/** Props of DetailsDialog. */
export interface DetailsDialogProps {
  control: DialogControl<SetDetails>
  details: SetDetails
}

/**
 * The Details button's dialog: the set's name (required) and description. The set's record screen
 * is this editor, so this is where they change.
 */
export function DetailsDialog({ control, details }: DetailsDialogProps) {
  const t = useT()
  const [name, setName] = useState(details.name)
  const [description, setDescription] = useState(details.description)
  const [tried, setTried] = useState(false)
  const nameError = tried && !name.trim() ? 'ERROR_INPUT_VALUE_REQUIRED' : null
  return (
    <Dialog
      title={t('Details')}
      onClose={() => control.close(null)}
      validate={() => {
        setTried(true)
        return name.trim() ? null : 'ERROR_INPUT_VALUE_REQUIRED'
      }}
      actions={cancelOk(t, control, () => ({ name: name.trim(), description: description.trim() }))}
    >
      <div data-testid="details-dialog" className="translation-details">
        <FieldInput
          field={{ id: 'name', name: t('Name'), datatype: 'text', required: true }}
          value={name}
          onChange={(value) => setName(typeof value === 'string' ? value : '')}
          error={nameError}
        />
        <FieldInput
          field={{ id: 'description', name: t('Description'), datatype: 'longtext' }}
          value={description}
          onChange={(value) => setDescription(typeof value === 'string' ? value : '')}
        />
      </div>
    </Dialog>
  )
}
