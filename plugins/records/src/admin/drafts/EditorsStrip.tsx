import { Button, useT } from '@shopwright/admin-ui/kit'
import type { OtherEditor } from './draft-editors.js'

/** What others saved that the form now shows, and who saved it when known. */
export interface MergedNotice {
  name: string
  fields: string[]
}

/**
 * Who else has the record open, and what the form took from their saves (docs/history.md,
 * "Editing together"): shown above the form so nobody is surprised by a change they did not make.
 */
export function EditorsStrip({
  editors,
  merged,
  onDismiss,
}: {
  editors: readonly OtherEditor[]
  merged: MergedNotice | null
  onDismiss(): void
}) {
  const t = useT()
  if (editors.length === 0 && !merged) return null
  const names = editors.map((editor) =>
    editor.self ? t('you, in another tab') : editor.name || t('someone'),
  )
  return (
    <div className="records-editors" role="status" data-testid="draft-editors">
      {editors.length > 0 ? (
        <p data-testid="draft-editors-list">
          {t('Also editing: {0}', [...new Set(names)].join(', '))}
        </p>
      ) : null}
      {merged ? (
        <p data-testid="draft-merged">
          {merged.name
            ? t(
                '{0} saved changes meanwhile, shown here: {1}',
                merged.name,
                merged.fields.join(', '),
              )
            : t('Changes saved meanwhile, shown here: {0}', merged.fields.join(', '))}{' '}
          <Button onClick={onDismiss} data-testid="draft-merged-ok">
            {t('OK')}
          </Button>
        </p>
      ) : null}
    </div>
  )
}
