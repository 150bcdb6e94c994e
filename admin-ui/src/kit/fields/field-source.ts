import { createContext, useContext, useEffect, useState } from 'react'

/** A choice of a list or record field: the stored value and what the picker shows. */
export interface Choice {
  /** For list fields the value's id; for record fields `type|id`. */
  key: string
  label: string
  /** The value stored in the record when this choice is picked. */
  value: unknown
  /**
   * A list value's security record: picking it needs edit there (an invoice's "Paid In Full",
   * docs/admin.md, "Guarded list values"), so the picker offers it only to those who hold that.
   */
  security?: string
  /** Shown but not offered: the caller lacks the edit right on the choice's `security`. */
  disabled?: boolean
}

/**
 * Where list and record fields get their choices. The screen that shows a form provides it (it
 * has the `/query` client); the kit only draws.
 */
export interface FieldSource {
  listChoices(listtype: string): Promise<Choice[]>
  recordChoices(recordtype: string): Promise<Choice[]>
  /** The entries of a list field of one record (a country's regions), for `choicesfrom`. */
  entryChoices?(type: string, id: string, list: string): Promise<Choice[]>
  /** Whether the caller may edit records under each security record (guarded list values). */
  mayEdit?(securities: readonly string[]): Promise<Readonly<Record<string, boolean>>>
}

const empty: FieldSource = {
  listChoices: async () => [],
  recordChoices: async () => [],
}

export const FieldSourceContext = createContext<FieldSource>(empty)

/** The values of the form a field is drawn in, for a field whose choices follow a sibling's. */
export const FormValuesContext = createContext<Readonly<Record<string, unknown>>>({})

/**
 * A `choicesfrom` field's choices (`country.regions`): the entries of the list of the record the
 * sibling field refers to; null while they load, empty without a sibling record or a source.
 */
export function useEntryChoices(choicesFrom: string | undefined): Choice[] | null {
  const source = useContext(FieldSourceContext)
  const values = useContext(FormValuesContext)
  const [sibling, list] = choicesFrom?.split('.') ?? []
  const reference = sibling ? values[sibling] : undefined
  const target =
    typeof reference === 'object' && reference !== null
      ? (reference as { type?: unknown; id?: unknown })
      : undefined
  const type = typeof target?.type === 'string' ? target.type : undefined
  const id = typeof target?.id === 'string' ? target.id : undefined
  const [choices, setChoices] = useState<Choice[] | null>(null)
  useEffect(() => {
    let live = true
    if (!type || !id || !list || !source.entryChoices) {
      setChoices([])
      return
    }
    setChoices(null)
    source.entryChoices(type, id, list).then(
      (loaded) => live && setChoices(loaded),
      () => live && setChoices([]),
    )
    return () => {
      live = false
    }
  }, [source, type, id, list])
  return choicesFrom ? choices : []
}

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

/**
 * The choices with those whose `security` the caller may not edit marked `disabled`, except the
 * current one (`current`, its key), which stays as it is: the guard is on moving to a value.
 * Null while the choices or the rights load. A source that cannot tell rights leaves all offered
 * (the server still refuses).
 */
export function useGuardedChoices(choices: Choice[] | null, current: string): Choice[] | null {
  const source = useContext(FieldSourceContext)
  const key = [...new Set(choices?.flatMap((choice) => choice.security ?? []) ?? [])]
    .sort()
    .join(',')
  const [rights, setRights] = useState<{ key: string; may: Readonly<Record<string, boolean>> }>()
  useEffect(() => {
    let live = true
    if (!key || !source.mayEdit) return
    source.mayEdit(key.split(',')).then(
      (may) => live && setRights({ key, may }),
      () => live && setRights({ key, may: {} }),
    )
    return () => {
      live = false
    }
  }, [source, key])
  if (choices === null) return null
  if (!key || !source.mayEdit) return choices
  if (rights?.key !== key) return null
  return choices.map((choice) =>
    choice.security && choice.key !== current && !rights.may[choice.security]
      ? { ...choice, disabled: true }
      : choice,
  )
}
