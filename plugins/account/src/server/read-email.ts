import { emailError, normalizeEmail } from '@shopwright/client'
import { z } from '@shopwright/core'

/**
 * An e-mail of a request body, as the route descriptions read it: at most 254 characters,
 * lower-cased and trimmed, then required (ERROR_INPUT_VALUE_REQUIRED) and checked by the spec's
 * rule (its code, ERROR_INVALID_EMAIL), so the handler gets it normalised.
 */
export const Email = z
  .string()
  .max(254)
  .transform((input, ctx) => {
    const email = normalizeEmail(input)
    const problem = email ? emailError(email) : 'ERROR_INPUT_VALUE_REQUIRED'
    if (!problem) return email
    ctx.addIssue({ code: 'custom', message: problem })
    return z.NEVER
  })
