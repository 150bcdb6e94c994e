/**
 * What every error Shopwright makes on purpose has: a stable code, an HTTP status, and whether a
 * client may see it. Requests answer AppErrors (ERROR_* codes of the catalogue); boot fails with
 * KernelErrors (SW_* codes). Both come from the one factory, `createError` (docs/architecture.md,
 * "Errors").
 */
export abstract class CodedError extends Error {
  abstract readonly code: string
  abstract readonly status: number
  /** True when the message is for the client (a catalogue code); false for operators' errors. */
  abstract readonly expose: boolean
}

/** True for any error made by createError. */
export function isCodedError(error: unknown): error is CodedError {
  return error instanceof CodedError
}
