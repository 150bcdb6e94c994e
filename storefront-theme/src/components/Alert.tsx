import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'
import { formatError, isErrorCode } from '@shopwright/core/shared'

interface AlertState {
  title: string
  message: string
  resolve(): void
}

type ShowAlert = (title: string, messageOrError: unknown) => Promise<void>

const AlertContext = createContext<ShowAlert>(async () => undefined)

/** The text of an error for a shopper: a catalogue code's message (with its values), else its own. */
export function errorMessage(error: unknown): string {
  const { code, message, values } = (error ?? {}) as {
    code?: unknown
    message?: unknown
    values?: Array<string | number>
  }
  if (isErrorCode(code)) return formatError(code, ...(values ?? []))
  if (isErrorCode(message)) return formatError(message)
  return typeof message === 'string' ? message : String(error)
}

/**
 * A message dialog under one of the spec's titles ('Unable to Login'...): the failed action's
 * server message, dismissed with OK (spec 000 section 7, "Answers and errors").
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState | null>(null)
  const show = useCallback<ShowAlert>(
    (title, messageOrError) =>
      new Promise<void>((resolve) =>
        setAlert({
          title,
          message:
            typeof messageOrError === 'string' ? messageOrError : errorMessage(messageOrError),
          resolve,
        }),
      ),
    [],
  )
  const close = () => {
    alert?.resolve()
    setAlert(null)
  }
  return (
    <AlertContext.Provider value={show}>
      {children}
      {alert ? (
        <div className="sw-dialog-backdrop">
          <div
            className="sw-dialog"
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="sw-alert-title"
          >
            <h2 id="sw-alert-title">{alert.title}</h2>
            <p>{alert.message}</p>
            <button
              type="button"
              className="sw-button sw-button-primary"
              onClick={close}
              autoFocus
              data-testid="alert-ok"
            >
              OK
            </button>
          </div>
        </div>
      ) : null}
    </AlertContext.Provider>
  )
}

/** Shows a message dialog; resolves when it is dismissed. */
export function useAlert(): ShowAlert {
  return useContext(AlertContext)
}
