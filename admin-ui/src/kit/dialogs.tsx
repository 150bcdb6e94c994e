import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { Button } from './Button.js'
import { Icon } from './Icon.js'
import { shownError } from './errors.js'
import { useT } from './i18n.js'
import './styles/dialogs.css'

/** A dialog's size: extra small to full screen, or an alert's. */
export type DialogSize = 'xs' | 'sm' | 'md' | 'lg' | 'full' | 'alert'

/** What a dialog's content gets: `close(value)` resolves the dialog (null = cancelled), `fail` rejects it. */
export interface DialogControl<T> {
  close(value: T | null): void
  fail(error: unknown): void
}

export interface Dialogs {
  /** Opens a dialog on top of the stack; resolves with its value, null when cancelled or closed, or rejects. */
  open<T>(render: (control: DialogControl<T>) => ReactNode, size?: DialogSize): Promise<T | null>
  /** A message with an OK button. */
  alert(title: string, message: string, detail?: string): Promise<null>
  /** An error under one of the spec's titles ('Unable to Delete'...), showing the server's message. */
  error(title: string, error: unknown): Promise<null>
  /** A question with Cancel and OK: true when confirmed. */
  confirm(question: string, options?: { title?: string; ok?: string }): Promise<boolean>
}

interface StackEntry {
  id: number
  size: DialogSize
  node: ReactNode
  cancel(): void
}

const DialogContext = createContext<Dialogs | null>(null)

/** The dialog stack (docs/admin.md, "Dialogs"). */
export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogContext)
  if (!dialogs) throw new Error('useDialogs() outside <DialogProvider>')
  return dialogs
}

/** Holds the stack and renders it above the page; only the top dialog takes input. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<StackEntry[]>([])
  const nextId = useRef(1)
  const t = useT()

  const open = useCallback(
    <T,>(render: (control: DialogControl<T>) => ReactNode, size: DialogSize = 'sm') =>
      new Promise<T | null>((resolve, reject) => {
        const id = nextId.current++
        const remove = () => setStack((entries) => entries.filter((entry) => entry.id !== id))
        const control: DialogControl<T> = {
          close(value) {
            remove()
            resolve(value)
          },
          fail(error) {
            remove()
            reject(error)
          },
        }
        setStack((entries) => [
          ...entries,
          { id, size, node: render(control), cancel: () => control.close(null) },
        ])
      }),
    [],
  )

  const dialogs = useMemo<Dialogs>(() => {
    const alert = (title: string, message: string, detail?: string) =>
      open<null>(
        ({ close }) => (
          <Dialog
            title={title}
            onClose={() => close(null)}
            actions={[
              { label: t('OK'), testId: 'dialog-ok', primary: true, run: () => close(null) },
            ]}
          >
            <p className="sw-dialog-message">{message}</p>
            {detail ? <pre className="sw-dialog-detail">{detail}</pre> : null}
          </Dialog>
        ),
        'alert',
      )
    return {
      open,
      alert,
      error(title, error) {
        const shown = shownError(error, t)
        return alert(t(title), shown.message, shown.reason)
      },
      async confirm(question, options = {}) {
        const answer = await open<boolean>(
          ({ close }) => (
            <Dialog
              title={t(options.title ?? 'Confirm')}
              onClose={() => close(null)}
              actions={[
                { label: t('Cancel'), testId: 'dialog-cancel', run: () => close(false) },
                {
                  label: t(options.ok ?? 'OK'),
                  testId: 'dialog-ok',
                  primary: true,
                  run: () => close(true),
                },
              ]}
            >
              <p className="sw-dialog-message">{t(question)}</p>
            </Dialog>
          ),
          'alert',
        )
        return answer === true
      },
    }
  }, [open, t])

  // Escape closes the top dialog only. Handled here rather than by the browser's own cancel, so
  // it is one path everywhere (and the browser's is prevented, so it does not close twice).
  useEffect(() => {
    if (stack.length === 0) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      stack[stack.length - 1]?.cancel()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [stack])

  return (
    <DialogContext.Provider value={dialogs}>
      {children}
      {stack.map((entry) => (
        <ModalFrame key={entry.id} entry={entry} />
      ))}
    </DialogContext.Provider>
  )
}

/** The id of the open dialog's title, for its frame's `aria-labelledby`. */
const TitleIdContext = createContext<string | undefined>(undefined)

/** What takes the focus when a dialog opens: its first field, else its main button, else itself. */
const FIRST_FOCUS = [
  '[autofocus]',
  '.sw-dialog-body :is(input, select, textarea):not([disabled]):not([type=hidden])',
  '.sw-dialog-actions button[type=submit]:not([disabled])',
  '.sw-dialog-body :is(button, a[href], [tabindex]):not([disabled])',
]

/**
 * One dialog of the stack: a native `<dialog>` opened with showModal(), so the browser keeps the
 * focus inside it, makes everything behind it inert (the page and the dialogs below) and puts it
 * on the top layer. It is labelled by its title, takes the focus on opening (its first field) and
 * gives it back on closing to what had it. A click on the dimmed area around it cancels it.
 */
function ModalFrame({ entry }: { entry: StackEntry }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // A DOM without showModal (the unit tests' jsdom) gets an open, non-modal dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    const first = FIRST_FOCUS.map((selector) => dialog.querySelector<HTMLElement>(selector)).find(
      (element) => element !== null,
    )
    ;(first ?? dialog).focus()
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      if (before?.isConnected) before.focus()
    }
  }, [])
  return (
    <dialog
      ref={ref}
      className="sw-dialog-backdrop"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        entry.cancel()
      }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) entry.cancel()
      }}
    >
      <div className={`sw-dialog sw-dialog-${entry.size}`}>
        <TitleIdContext.Provider value={titleId}>{entry.node}</TitleIdContext.Provider>
      </div>
    </dialog>
  )
}

export interface DialogAction {
  /** Shown as given: translate it with `t` first. */
  label: string
  /** The button's data-testid; `dialog-<label>` by default. Give one where the label is translated. */
  testId?: string
  primary?: boolean
  /**
   * Marks ok, submit and add buttons: they run `validate` first and keep the dialog open when it
   * fails.
   */
  validates?: boolean
  disabled?: boolean
  run(): void | Promise<void>
}

export interface DialogProps {
  title: string
  onClose(): void
  actions?: DialogAction[]
  /** The dialog's own check: an error message (or code) to show, or null when all is well. */
  validate?(): string | null | Promise<string | null>
  children: ReactNode
}

/** A dialog's frame: title with a close button, content, and the action buttons. */
export function Dialog({ title, onClose, actions = [], validate, children }: DialogProps) {
  const t = useT()
  const titleId = useContext(TitleIdContext)
  const dialogs = useDialogs()
  const [busy, setBusy] = useState(false)
  const runAction = async (action: DialogAction) => {
    setBusy(true)
    try {
      if (action.validates && validate) {
        const problem = await validate()
        if (problem) {
          await dialogs.alert(t('Error'), t(problem))
          return
        }
      }
      await action.run()
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="sw-dialog-form"
      onSubmit={(event) => {
        event.preventDefault()
        const primary = actions.find((action) => action.primary)
        if (primary && !primary.disabled) void runAction(primary)
      }}
    >
      <header className="sw-dialog-title">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="sw-dialog-close" onClick={onClose} aria-label={t('Close')}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <div className="sw-dialog-body">{children}</div>
      {actions.length > 0 ? (
        <footer className="sw-dialog-actions">
          {actions.map((action) => (
            <Button
              key={action.label}
              type={action.primary ? 'submit' : 'button'}
              variant={action.primary ? 'primary' : 'default'}
              disabled={busy || action.disabled}
              data-testid={
                action.testId ?? `dialog-${action.label.toLowerCase().replace(/\s+/g, '-')}`
              }
              onClick={action.primary ? undefined : () => void runAction(action)}
            >
              {action.label}
            </Button>
          ))}
        </footer>
      ) : null}
    </form>
  )
}
