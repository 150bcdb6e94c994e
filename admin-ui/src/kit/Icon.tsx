import { mdiAlertBox } from '@mdi/js'
import { ICONS } from './icons.js'

export interface IconProps {
  /** A Material Design Icons name from the kit's set (`database`, `delete`...). */
  name: string
  size?: number
  title?: string
  spin?: boolean
  className?: string
}

/** An icon by name; a name outside the set shows the red placeholder (docs/admin.md, "Pickers"). */
export function Icon({ name, size = 20, title, spin, className }: IconProps) {
  const path = ICONS[name]
  const classes = ['sw-icon', path ? '' : 'sw-icon-missing', spin ? 'sw-spin' : '', className ?? '']
    .filter(Boolean)
    .join(' ')
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      data-icon={name}
    >
      {title ? <title>{title}</title> : null}
      <path d={path ?? mdiAlertBox} fill="currentColor" />
    </svg>
  )
}
