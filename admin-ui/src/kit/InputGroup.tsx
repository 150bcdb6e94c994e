import type { ReactNode } from 'react'
import { useT } from './i18n.js'

export interface InputGroupProps {
  /** The group's label (translated here). */
  label?: string
  /** The errors of the inputs inside, in their order: null or '' where an input is fine. */
  errors: ReadonlyArray<string | null | undefined>
  children: ReactNode
}

/**
 * Inputs that belong together (an address's city, region and postal code) under one label and one
 * error area, which shows the first error of its inputs.
 */
export function InputGroup({ label, errors, children }: InputGroupProps) {
  const t = useT()
  const first = errors.find((error): error is string => typeof error === 'string' && error !== '')
  return (
    <fieldset className={`sw-input-group${first ? ' sw-field-invalid' : ''}`}>
      {label ? <legend className="sw-field-label">{t(label)}</legend> : null}
      <div className="sw-input-group-inputs">{children}</div>
      <div className="sw-field-error" role={first ? 'alert' : undefined} data-testid="group-error">
        {first ? t(first) : null}
      </div>
    </fieldset>
  )
}
