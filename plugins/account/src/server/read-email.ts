import { createError, emailError, normalizeEmail } from '@shopwright/core'

/** An e-mail from a request body: lower-cased and trimmed, then required and checked by the spec's rule. */
export function readEmail(input: string): string {
  const email = normalizeEmail(input)
  if (!email) throw createError('ERROR_INPUT_VALUE_REQUIRED', { reason: 'email' })
  const problem = emailError(email)
  if (problem) throw createError(problem)
  return email
}
