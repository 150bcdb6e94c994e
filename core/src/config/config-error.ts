import { CodedError } from '../errors/coded-error.js'

/** Raised when configuration is invalid; `setting` names the variable or key to fix. */
export class ConfigError extends CodedError {
  readonly code = 'SW_CONFIG_INVALID'
  readonly status = 500
  readonly expose = false

  constructor(
    readonly setting: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${setting} ${detail}`)
    this.name = 'ConfigError'
  }
}
