import { Button, useT } from '@shopwright/admin-ui/kit'
import type { ViewMode } from './view-mode.js'

/** Table or grid: two toggle buttons (aria-pressed), so a screen reader hears which one is on. */
export function ViewToggle({ mode, choose }: { mode: ViewMode; choose(mode: ViewMode): void }) {
  const t = useT()
  return (
    <div className="drive-view-toggle" role="group" aria-label={t('View')}>
      <Button
        icon="view-list"
        aria-pressed={mode === 'table'}
        onClick={() => choose('table')}
        data-testid="view-table"
      >
        {t('Table')}
      </Button>
      <Button
        icon="image"
        aria-pressed={mode === 'grid'}
        onClick={() => choose('grid')}
        data-testid="view-grid"
      >
        {t('Grid')}
      </Button>
    </div>
  )
}
