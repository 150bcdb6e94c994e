import { useRef, useState } from 'react'
import { Button, useClient, useDialogs, useT } from '@shopwright/admin-ui/kit'

interface ImportItem {
  ok: boolean
  type?: string
  id?: string
  name?: string
  message?: string
  reason?: string
}

const ACCEPTED = /\.(zip|json)$/i

/**
 * Import: picks .zip and .json files (ERROR_IMPORT_FILE_TYPE for others) and uploads them one by one;
 * a failed file or item shows 'Unable to Import' and the import goes on with the next (docs/api.md,
 * "Records"). `onDone` runs once at the end, to refresh the screen.
 */
export function ImportButton({ disabled, onDone }: { disabled?: boolean; onDone(): void }) {
  const t = useT()
  const client = useClient()
  const dialogs = useDialogs()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const importFiles = async (files: File[]) => {
    setBusy(true)
    try {
      for (const file of files) {
        if (!ACCEPTED.test(file.name)) {
          await dialogs.error('Unable to Import', {
            code: 'ERROR_IMPORT_FILE_TYPE',
            reason: file.name,
          })
          continue
        }
        try {
          const items = await client.upload<ImportItem[]>('/data/import', file, {
            filename: file.name,
          })
          for (const item of items.filter((each) => !each.ok)) {
            await dialogs.error('Unable to Import', {
              code: item.message,
              reason: [item.name, item.reason].filter(Boolean).join(': '),
            })
          }
        } catch (error) {
          await dialogs.error('Unable to Import', error)
        }
      }
    } finally {
      setBusy(false)
      onDone()
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,.json,application/zip,application/json"
        multiple
        hidden
        data-testid="import-file"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          if (files.length > 0) void importFiles(files)
        }}
      />
      <Button
        icon="database-import"
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
        data-testid="import"
      >
        {t('Import')}
      </Button>
    </>
  )
}
