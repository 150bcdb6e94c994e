import type { Kernel } from '@shopwright/core'
import type {} from '@shopwright/plugin-records'

/**
 * The types whose records decide how others are checked (the records plugin's META_TYPES), in the
 * order an import needs them: record types, then configuration and list types, then security.
 */
const FIRST = ['recordtype', 'configurationtype', 'listtype', 'security']

/**
 * The types in the order an import needs them: FIRST, then each type after the types its fields
 * refer to (a country after the currency it names, an item after its web category), by name where
 * nothing decides. An import checks that a referenced record exists, so this order lets every
 * record find its references already written. A cycle of references (or a reference only a
 * configuration record's own type knows) is left to the import's second pass (import.ts).
 */
export async function importOrder(kernel: Kernel, types: readonly string[]): Promise<string[]> {
  const { recordTypes } = kernel.services
  const wanted = new Set(types)
  const needs = new Map<string, string[]>()
  for (const type of wanted) {
    const definition = await recordTypes.find(type)
    const fields = definition ? await recordTypes.fieldsOf(definition) : []
    needs.set(
      type,
      fields
        .map((field) => field.recordtype)
        .filter((other): other is string => !!other && other !== type && wanted.has(other))
        .sort(),
    )
  }
  const order: string[] = FIRST.filter((type) => wanted.has(type))
  const placed = new Set(order)
  const visiting = new Set<string>()
  const place = (type: string): void => {
    if (placed.has(type) || visiting.has(type)) return
    visiting.add(type)
    for (const other of needs.get(type) ?? []) place(other)
    visiting.delete(type)
    placed.add(type)
    order.push(type)
  }
  for (const type of [...wanted].sort()) place(type)
  return order
}
