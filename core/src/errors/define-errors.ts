import { addPluginError, isCoreErrorCode, isErrorCode } from '../shared/errors/index.js'
import type { ErrorDefinition, ErrorTable } from '../shared/errors/index.js'
import { KernelError } from '../kernel/kernel-error.js'

/** What is wrong with one declared code, or undefined. */
function errorProblem(code: string, definition: ErrorDefinition): string | undefined {
  if (!isErrorCode(code))
    return `error code ${JSON.stringify(code)} must be ERROR_ and upper-case words`
  if (isCoreErrorCode(code)) return `error code ${code} is core's own: use it without declaring it`
  if (typeof definition?.message !== 'string' || definition.message === '')
    return `error code ${code} needs an English message`
  if (!Number.isInteger(definition.status) || definition.status < 400 || definition.status > 599)
    return `error code ${code} needs an HTTP status from 400 to 599`
  return undefined
}

/**
 * Checks and merges the plugins' tables into one catalogue at boot: a malformed entry, or a code
 * two plugins declare, stops the boot naming them (a plugin that only throws another's code does
 * not declare it).
 */
export function mergeErrorTables(
  plugins: ReadonlyArray<{ name: string; errors?: ErrorTable }>,
): Map<string, ErrorDefinition & { plugin: string }> {
  const merged = new Map<string, ErrorDefinition & { plugin: string }>()
  for (const plugin of plugins) {
    for (const [code, definition] of Object.entries(plugin.errors ?? {})) {
      const problem = errorProblem(code, definition)
      if (problem) throw new KernelError('SW_PLUGIN_INVALID', `plugin "${plugin.name}": ${problem}`)
      const earlier = merged.get(code)
      if (earlier)
        throw new KernelError(
          'SW_ERROR_CODE_CLASH',
          `plugins "${earlier.plugin}" and "${plugin.name}" both declare ${code}: one must rename it`,
        )
      merged.set(code, { ...definition, plugin: plugin.name })
      addPluginError(code, definition)
    }
  }
  return merged
}
