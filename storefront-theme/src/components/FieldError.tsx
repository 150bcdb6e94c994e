import { errorMessage } from './Alert.js'

/** A field's error area: the message of an error code (ERROR_INVALID_EMAIL...) or text. */
export function FieldError({ code }: { code: string | null | undefined }) {
  return (
    <span className="sw-field-error" role={code ? 'alert' : undefined}>
      {code ? (code.startsWith('ERROR_') ? errorMessage({ code }) : code) : null}
    </span>
  )
}
