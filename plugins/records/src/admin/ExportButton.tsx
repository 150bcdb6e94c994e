import { Button, useClient, useT } from '@shopwright/admin-ui/kit'
import { keysParam, type RecordKey } from './keys.js'

/** Export: downloads the named records through the export call (one .json, or export.zip for several). */
export function ExportButton({
  keys,
  disabled,
}: {
  keys: readonly RecordKey[]
  disabled?: boolean
}) {
  const t = useT()
  const client = useClient()
  return (
    <Button
      icon="database-export"
      disabled={disabled || keys.length === 0}
      data-testid="export"
      onClick={() => {
        // A link click: the browser downloads the answer (Content-Disposition: attachment).
        const link = document.createElement('a')
        link.href = client.url(`/data/export/${keysParam(keys)}`)
        link.download = ''
        document.body.append(link)
        link.click()
        link.remove()
      }}
    >
      {t('Export')}
    </Button>
  )
}
