import type { KeyboardEvent } from 'react'

/** The keys of a row under the toolbar (a link's address, a picture): Enter applies, Escape closes. */
export function rowKeys(apply: () => void, close: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      apply()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close()
    }
  }
}
