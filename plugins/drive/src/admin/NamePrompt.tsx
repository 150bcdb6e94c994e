import { useEffect, useRef, useState } from 'react'
import { Dialog, useT, type Dialogs } from '@shopwright/admin-ui/kit'
import { nameProblem, normalizeName } from '../shared/index.js'

/** What the name prompt asks for. */
export interface NamePromptOptions {
  /** The dialog's title, translated. */
  title: string
  kind: 'file' | 'folder'
  /** The name the field starts with (a rename's current name). */
  initial?: string
}

/**
 * The name field of a create or rename: checked with the drive's own rules on OK, so a bad name
 * shows its code's message at once and never reaches the server (which checks again).
 */
function NameField({
  options,
  close,
}: {
  options: NamePromptOptions
  close(name: string | null): void
}) {
  const t = useT()
  const [name, setName] = useState(options.initial ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const field = useRef<HTMLInputElement>(null)
  // Opened with the name selected without its extension, as file managers do for a rename; only
  // once, so a later click or focus leaves the caret where the person put it.
  useEffect(() => {
    const input = field.current
    if (!input) return
    input.focus()
    const dot = input.value.lastIndexOf('.')
    input.setSelectionRange(0, dot > 0 ? dot : input.value.length)
  }, [])
  const submit = () => {
    const chosen = normalizeName(name)
    const code = nameProblem(chosen, options.kind)
    if (code) setProblem(code)
    else close(chosen)
  }
  return (
    <Dialog
      title={options.title}
      onClose={() => close(null)}
      actions={[
        { label: t('Cancel'), testId: 'dialog-cancel', run: () => close(null) },
        { label: t('OK'), testId: 'dialog-ok', primary: true, run: submit },
      ]}
    >
      <label className="sw-field">
        <span className="sw-field-label">{t('Name')}</span>
        <input
          className="sw-input"
          value={name}
          ref={field}
          onChange={(event) => {
            setName(event.target.value)
            setProblem(null)
          }}
          data-testid="name-input"
        />
      </label>
      <div className="sw-field-error" role={problem ? 'alert' : undefined} data-testid="name-error">
        {problem ? t(problem) : null}
      </div>
    </Dialog>
  )
}

/** Asks for a file or folder name; null when cancelled. */
export function promptName(dialogs: Dialogs, options: NamePromptOptions): Promise<string | null> {
  return dialogs.open<string>(({ close }) => <NameField options={options} close={close} />, 'sm')
}
