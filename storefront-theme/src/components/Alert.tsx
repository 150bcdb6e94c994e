import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { formatError, isErrorCode } from '@shopwright/core/shared'

interface AlertState {
  title: string
  message: string
  /** A question: Cancel and OK, resolving false or true. */
  confirm: boolean
  resolve(ok: boolean): void
}

type ShowAlert = (title: string, messageOrError: unknown) => Promise<void>
type AskConfirm = (question: string) => Promise<boolean>

const AlertContext = createContext<{ alert: ShowAlert; confirm: AskConfirm }>({
  alert: async () => undefined,
  confirm: async () => false,
})

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
          confirm: false,
          resolve: () => resolve(),
        }),
      ),
    [],
  )
  const ask = useCallback<AskConfirm>(
    (question) =>
      new Promise<boolean>((resolve) =>
        setAlert({ title: 'Confirm', message: question, confirm: true, resolve }),
      ),
    [],
  )
  const value = useMemo(() => ({ alert: show, confirm: ask }), [show, ask])
  const close = (ok: boolean) => {
    alert?.resolve(ok)
    setAlert(null)
  }
  return (
    <AlertContext.Provider value={value}>
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
            <div className="sw-form-actions">
              {alert.confirm ? (
                <button
                  type="button"
                  className="sw-button"
                  onClick={() => close(false)}
                  data-testid="alert-cancel"
                >
                  Cancel
                </button>
              ) : (
                <span />
              )}
              <button
                type="button"
                className="sw-button sw-button-primary"
                onClick={() => close(true)}
                autoFocus
                data-testid="alert-ok"
              >
                OK
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </AlertContext.Provider>
  )
}

/** Shows a message dialog; resolves when it is dismissed. */
export function useAlert(): ShowAlert {
  return useContext(AlertContext).alert
}

/** Asks a question (the spec's confirmations); resolves true for OK. */
export function useConfirm(): AskConfirm {
  return useContext(AlertContext).confirm
}
