import { useState } from 'react'

/**
 * A field's value held in state as a record form holds it, for a field editor's test: the editor
 * gets `value` and `onChange`; each change is kept and reported to `onValue`, so the test sees what
 * the editor answered. `setValue` stands for a value from outside (the server's cleaned answer).
 */
export function useHeldValue<T>(initial: T, onValue: (value: T) => void = () => {}) {
  const [value, setValue] = useState<T>(initial)
  const onChange = (next: T) => {
    setValue(next)
    onValue(next)
  }
  return { value, onChange, setValue }
}
