import { CodedError } from '../errors/coded-error.js'

/** Boot-time failures of the kernel, each with a stable code (like Fastify's FST_ERR_*). */
export type KernelErrorCode =
  | 'SW_PLUGIN_INVALID'
  | 'SW_PLUGIN_DUPLICATE'
  | 'SW_PLUGIN_DEPENDENCY_MISSING'
  | 'SW_PLUGIN_CYCLE'
  | 'SW_PLUGIN_NOT_FOUND'
  | 'SW_ROUTE_DUPLICATE'
  | 'SW_KERNEL_STATE'
  | 'SW_MIGRATION_FAILED'
  | 'SW_CONFIG_INVALID'
  | 'SW_DATABASE_UNREACHABLE'
  | 'SW_DATABASE_DRIVER_MISSING'
  | 'SW_REDIS_UNREACHABLE'
  | 'SW_ERROR_CODE_CLASH'
  | 'SW_SERVICE_MISSING'
  | 'SW_SERVICE_CLASH'
  | 'SW_THEME_INVALID'

/** An error that stops the kernel from booting: for the operator, never shown to a client. */
export class KernelError extends CodedError {
  readonly status = 500
  readonly expose = false

  constructor(
    readonly code: KernelErrorCode,
    /** The message without its code, for a caller that adds context (the plugin's name). */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options)
    this.name = 'KernelError'
  }
}

/** True for the SW_* codes of boot failures. */
export function isKernelErrorCode(code: string): code is KernelErrorCode {
  return code.startsWith('SW_')
}
