import { useT } from '@shopwright/storefront/react'
import { mdiClose } from '@mdi/js'
import { Icon } from './Icon.js'

/** The × that closes a drawer: an icon button named Close for screen readers. */
export function CloseButton({
  className,
  onClick,
  testId,
}: {
  /** Classes beside the icon button's own. */
  className?: string
  onClick(): void
  testId: string
}) {
  const t = useT()
  return (
    <button
      type="button"
      className={className ? `sw-icon-button ${className}` : 'sw-icon-button'}
      onClick={onClick}
      aria-label={t('Close')}
      data-testid={testId}
    >
      <Icon path={mdiClose} />
    </button>
  )
}
