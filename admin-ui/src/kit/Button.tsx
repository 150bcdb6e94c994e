import type { ButtonHTMLAttributes } from 'react'
import { Icon } from './Icon.js'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon?: string
  variant?: 'default' | 'primary' | 'danger'
}

/** A button with an optional icon; `type="button"` unless told, so it never submits a form by accident. */
export function Button({
  icon,
  variant = 'default',
  className,
  children,
  type,
  ...rest
}: ButtonProps) {
  const classes = [
    'sw-button',
    variant === 'default' ? '' : `sw-button-${variant}`,
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <button type={type ?? 'button'} className={classes} {...rest}>
      {icon ? <Icon name={icon} size={18} /> : null}
      {children}
    </button>
  )
}
