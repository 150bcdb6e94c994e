import type { ReactNode } from 'react'

/**
 * One radio choice of the checkout (a shipping method, a way to pay): its box, marked when chosen,
 * with the name and what goes beside it (a rate, an expiry), if anything.
 */
export function Choice({
  name,
  checked,
  onChoose,
  testId,
  label,
  extra,
}: {
  /** The radio group's name. */
  name: string
  checked: boolean
  onChoose(): void
  testId: string
  label: ReactNode
  extra?: ReactNode
}) {
  return (
    <label className={checked ? 'sw-choice sw-choice-checked' : 'sw-choice'} data-testid={testId}>
      <input type="radio" name={name} checked={checked} onChange={onChoose} />
      <span className="sw-choice-name">{label}</span>
      {extra === undefined ? null : <span className="sw-choice-extra">{extra}</span>}
    </label>
  )
}
