import type { ReactNode } from 'react'

/** A checkbox with its text beside it; `onChecked` gets the new state. */
export function Checkbox({
  checked,
  onChecked,
  testId,
  children,
}: {
  checked: boolean
  onChecked(checked: boolean): void
  testId?: string
  children: ReactNode
}) {
  return (
    <label className="sw-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        data-testid={testId}
      />
      {children}
    </label>
  )
}
