import { Button } from './Button.js'
import { useT } from './i18n.js'

/** A toolbar's Refresh: loads the screen's data again (`refresh` is its test id on every screen). */
export function RefreshButton({ onClick }: { onClick: () => void }) {
  const t = useT()
  return (
    <Button icon="refresh" onClick={onClick} data-testid="refresh">
      {t('Refresh')}
    </Button>
  )
}

/** A toolbar's Delete for the selected rows: disabled while none is selected. */
export function DeleteSelectedButton({ count, onClick }: { count: number; onClick: () => void }) {
  const t = useT()
  return (
    <Button icon="delete" disabled={count === 0} onClick={onClick} data-testid="delete">
      {t('Delete')}
    </Button>
  )
}
