import { useT } from '@shopwright/storefront/react'
import { mdiMinus, mdiPlus } from '@mdi/js'
import { Icon } from './Icon.js'

/** A quantity stepper's − (`by` -1, named Fewer) or + (`by` 1, named More). */
export function StepButton({
  by,
  onStep,
  disabled,
  testId,
}: {
  by: -1 | 1
  onStep(): void
  disabled: boolean
  testId?: string
}) {
  const t = useT()
  return (
    <button
      type="button"
      onClick={onStep}
      disabled={disabled}
      aria-label={by < 0 ? t('Fewer') : t('More')}
      data-testid={testId}
    >
      <Icon path={by < 0 ? mdiMinus : mdiPlus} size={18} />
    </button>
  )
}
