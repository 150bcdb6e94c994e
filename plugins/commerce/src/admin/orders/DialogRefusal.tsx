import { useState } from 'react'
import { shownError, useT } from '@shopwright/admin-ui/kit'

export interface Refusal {
  /** The message shown, or null. */
  message: string | null
  /** Shows a text of the form's own, or the server's message for a failed call. */
  show(problem: unknown): void
}

/** A dialog's last refusal: kept in the dialog, so what was typed stays there to put right. */
export function useRefusal(): Refusal {
  const t = useT()
  const [message, setMessage] = useState<string | null>(null)
  return {
    message,
    show(problem) {
      if (typeof problem === 'string') return setMessage(problem)
      const shown = shownError(problem, t)
      setMessage(shown.reason ? `${shown.message} (${shown.reason})` : shown.message)
    },
  }
}

/** Where a dialog says why it did not go through: an alert, read out as it appears. */
export function DialogRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <p className="sw-order-refusal" role="alert" data-testid="dialog-refusal">
      {refusal.message ?? ''}
    </p>
  )
}
