import type { ReactNode } from 'react'

/** A form's main button: it sends the form, and is off while it is being sent (`disabled`). */
export function SubmitButton({
  disabled,
  testId,
  className,
  children,
}: {
  disabled?: boolean
  testId: string
  /** Classes beside the primary button's own (`sw-button-block`...). */
  className?: string
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      className={
        className ? `sw-button sw-button-primary ${className}` : 'sw-button sw-button-primary'
      }
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </button>
  )
}
