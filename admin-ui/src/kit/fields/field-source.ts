import { createContext, useContext, useEffect, useState } from 'react'

/** A choice of a list or record field: the stored value and what the picker shows. */
export interface Choice {
  /** For list fields the value's id; for record fields `type|id`. */
  key: string
  label: string
  /** The value stored in the record when this choice is picked. */
  value: unknown
}

/**
 * Where list and record fields get their choices. The screen that shows a form provides it (it
 * has the `/query` client); the kit only draws.
 */
export interface FieldSource {
  listChoices(listtype: string): Promise<Choice[]>
  recordChoices(recordtype: string): Promise<Choice[]>
}

const empty: FieldSource = {
  listChoices: async () => [],
  recordChoices: async () => [],
}

export const FieldSourceContext = createContext<FieldSource>(empty)

/** The choices of a list or record field, loaded once per source and name. */
export function useChoices(kind: 'list' | 'record', name: string | undefined): Choice[] | null {
  const source = useContext(FieldSourceContext)
  const [choices, setChoices] = useState<Choice[] | null>(null)
  useEffect(() => {
    let live = true
    setChoices(null)
    if (!name) {
      setChoices([])
      return
    }
    const load = kind === 'list' ? source.listChoices(name) : source.recordChoices(name)
    load.then(
      (loaded) => live && setChoices(loaded),
      () => live && setChoices([]),
    )
    return () => {
      live = false
    }
  }, [kind, name, source])
  return choices
}
