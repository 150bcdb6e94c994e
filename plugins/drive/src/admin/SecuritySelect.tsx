import { useEffect, useId, useState } from 'react'
import { useDialogs, useT } from '@shopwright/admin-ui/kit'
import type { DriveFolder } from '../shared/index.js'
import type { DriveApi, SecurityChoice } from './drive-api.js'

/**
 * The administrator's choice of the security record that decides a folder's rights in place of
 * the one it inherits (docs/drive.md, "Folders and rights"); none gives the folder back to its
 * parent's.
 */
export function SecuritySelect({
  api,
  folder,
  changed,
}: {
  api: DriveApi
  folder: DriveFolder
  changed(): void
}) {
  const t = useT()
  const id = useId()
  const dialogs = useDialogs()
  const [choices, setChoices] = useState<SecurityChoice[] | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    api.securityRecords().then(
      (records) => live && setChoices(records),
      () => live && setChoices([]),
    )
    return () => {
      live = false
    }
  }, [api])

  const choose = async (security: string | null) => {
    setBusy(true)
    try {
      await api.setSecurity(folder.path, security)
      changed()
    } catch (failure) {
      await dialogs.error('Unable to Update', failure)
    } finally {
      setBusy(false)
    }
  }

  const current = folder.security ?? ''
  return (
    <label className="drive-security" htmlFor={id}>
      <span>{t('Security')}</span>
      <select
        id={id}
        className="sw-input"
        value={current}
        disabled={choices === null || busy}
        onChange={(event) => void choose(event.target.value || null)}
        data-testid="security"
      >
        <option value="">
          {folder.effectivesecurity && !folder.security
            ? t('Inherited: {0}', folder.effectivesecurity)
            : t('Inherited')}
        </option>
        {current && choices && !choices.some((choice) => choice.id === current) ? (
          <option value={current}>{current}</option>
        ) : null}
        {choices?.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  )
}
