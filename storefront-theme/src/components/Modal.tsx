import { useEffect, useRef, type ReactNode, type KeyboardEvent } from 'react'

/**
 * A native modal <dialog> driven by `open`: the page behind is inert and focus stays inside,
 * the element marked `data-autofocus` (else the first button or link) takes focus when it opens,
 * Escape closes it through `onClose`, and focus goes back to what opened it.
 */
export function Modal({
  open,
  onClose,
  className,
  children,
  onKeyDown,
  ...aria
}: {
  open: boolean
  onClose(): void
  className: string
  children: ReactNode
  onKeyDown?(event: KeyboardEvent<HTMLDialogElement>): void
  /** `alertdialog` for a message that needs an answer; a dialog otherwise. */
  role?: 'dialog' | 'alertdialog'
  'aria-label'?: string
  'aria-labelledby'?: string
  'data-testid'?: string
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
      const first =
        element.querySelector<HTMLElement>('[data-autofocus]') ??
        element.querySelector<HTMLElement>('button, a[href]')
      first?.focus()
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close()
      else element.removeAttribute('open')
    }
    if (!open && opener.current instanceof HTMLElement && opener.current.isConnected) {
      opener.current.focus()
      opener.current = null
    }
  }, [open])
  return (
    <dialog
      ref={dialog}
      className={className}
      onCancel={(event) => {
        // Escape: closed through the state, so the page knows and focus goes back.
        event.preventDefault()
        onClose()
      }}
      onKeyDown={onKeyDown}
      {...aria}
    >
      {open ? children : null}
    </dialog>
  )
}
