import { useT } from '@shopwright/storefront/react'

/** A field's error area: an error code's message (ERROR_INVALID_EMAIL...) in the current language. */
export function FieldError({ code }: { code: string | null | undefined }) {
  const t = useT()
  return (
    <span className="sw-field-error" role={code ? 'alert' : undefined}>
      {code ? t(code) : null}
    </span>
  )
}
