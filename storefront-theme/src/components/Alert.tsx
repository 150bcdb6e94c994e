import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { isErrorCode } from '@shopwright/core/shared'
import { type Translate } from '@shopwright/client'
import { useT } from '@shopwright/storefront/react'
import { Modal } from './Modal.js'

interface AlertState {
  title: string
  /** A text to show as it is, or an error whose message is shown in the current language. */
  message: unknown
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

/**
 * The text of an error for a shopper in the current language: a catalogue code's message (with its
 * values) from the `server` set, else the error's own message.
 */
export function errorMessage(error: unknown, t: Translate): string {
  const { code, message, values } = (error ?? {}) as {
    code?: unknown
    message?: unknown
    values?: Array<string | number>
  }
  if (isErrorCode(code)) return t(code, ...(values ?? []))
  if (isErrorCode(message)) return t(message)
  return typeof message === 'string' ? message : String(error)
}

/**
 * A message dialog under one of the spec's titles ('Unable to Login'...), which the caller gives
 * translated: the failed action's server message, dismissed with OK; or a question answered with
 * Cancel or OK. Both are modal (the page behind is inert, focus starts on OK and goes back where
 * it was).
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const t = useT()
  const [alert, setAlert] = useState<AlertState | null>(null)
  const show = useCallback<ShowAlert>(
    (title, message) =>
      new Promise<void>((resolve) =>
        setAlert({ title, message, confirm: false, resolve: () => resolve() }),
      ),
    [],
  )
  const ask = useCallback<AskConfirm>(
    (question) =>
      new Promise<boolean>((resolve) =>
        setAlert({ title: '', message: question, confirm: true, resolve }),
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
      {/* Escape answers Cancel to a question and dismisses a message. */}
      <Modal
        open={alert !== null}
        onClose={() => close(!alert?.confirm)}
        className="sw-modal"
        role="alertdialog"
        aria-labelledby="sw-alert-title"
      >
        {alert ? (
          <>
            <h2 id="sw-alert-title" className="sw-modal-title">
              {alert.confirm ? t('Confirm') : alert.title}
            </h2>
            <p>
              {typeof alert.message === 'string' ? alert.message : errorMessage(alert.message, t)}
            </p>
            <div className="sw-form-actions">
              {alert.confirm ? (
                <button
                  type="button"
                  className="sw-button"
                  onClick={() => close(false)}
                  data-testid="alert-cancel"
                >
                  {t('Cancel')}
                </button>
              ) : (
                <span />
              )}
              <button
                type="button"
                className="sw-button sw-button-primary"
                onClick={() => close(true)}
                data-autofocus
                data-testid="alert-ok"
              >
                {t('OK')}
              </button>
            </div>
          </>
        ) : null}
      </Modal>
    </AlertContext.Provider>
  )
}

/** Shows a message dialog under a translated title; resolves when it is dismissed. */
export function useAlert(): ShowAlert {
  return useContext(AlertContext).alert
}

/** Asks a translated question (the spec's confirmations); resolves true for OK. */
export function useConfirm(): AskConfirm {
  return useContext(AlertContext).confirm
}
