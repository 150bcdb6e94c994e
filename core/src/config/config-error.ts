/** Raised when configuration is invalid; `setting` names the variable or key to fix. */
export class ConfigError extends Error {
  readonly code = 'SW_CONFIG_INVALID'

  constructor(
    readonly setting: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${setting} ${detail}`)
    this.name = 'ConfigError'
  }
}
