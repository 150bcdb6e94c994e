import { splitList } from '../commands/accounts.js'
import { UsageError } from '../usage-error.js'

/** `--types a,b`: the types named, or undefined for all; a flag naming none is a usage error. */
export function typesOption(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  const types = splitList(value)
  if (types.length === 0) throw new UsageError('--types needs at least one record type')
  return types
}
