/** A Material Design icon (an @mdi/js path), sized by the text around it unless told. */
export function Icon({
  path,
  size = 24,
  className,
}: {
  path: string
  size?: number
  className?: string
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className ? `sw-icon ${className}` : 'sw-icon'}
    >
      <path d={path} fill="currentColor" />
    </svg>
  )
}
