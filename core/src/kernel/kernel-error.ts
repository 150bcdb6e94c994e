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

/** An error that stops the kernel from booting. */
export class KernelError extends Error {
  constructor(
    readonly code: KernelErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`)
    this.name = 'KernelError'
  }
}
