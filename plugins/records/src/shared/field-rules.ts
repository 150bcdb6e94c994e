/**
 * Field value rules by datatype, shared by the server and the browser. Each check answers the value
 * to store (normalised, e.g. a lower-cased e-mail) or the error code.
 */
import {
  effectiveDatatype,
  emailError,
  normalizeEmail,
  type FieldDefinition,
} from '@shopwright/client'
import { isReference, isValidId, type ErrorCode } from '@shopwright/core/shared'

export type FieldCheck =
  { ok: true; value: unknown } | { ok: false; code: ErrorCode; reason?: string }

const pass = (value: unknown): FieldCheck => ({ ok: true, value })
const fail = (code: ErrorCode, reason?: string): FieldCheck => ({ ok: false, code, reason })

const COLOR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/
const INTEGER = /^-?\d+$/
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/

/** An object that is neither a list nor a reference: what an embedded record holds. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isReference(value)
}

/** True for values the spec treats as "no value". */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
}

/**
 * A number field's value: a number that `fits`, or text that `pattern` reads as one (a form's
 * input), stored as the number; anything else is refused with `code`.
 */
function checkNumber(
  value: unknown,
  id: string,
  fits: (number: number) => boolean,
  pattern: RegExp,
  code: ErrorCode,
): FieldCheck {
  if (typeof value === 'number') return fits(value) ? pass(value) : fail(code, id)
  return typeof value === 'string' && pattern.test(value.trim())
    ? pass(Number(value.trim()))
    : fail(code, id)
}

function requiredCode(datatype: string): ErrorCode {
  if (datatype === 'password') return 'ERROR_PASSWORD_VALUE_REQUIRED'
  if (datatype === 'boolean') return 'ERROR_CHECKBOX_REQUIRED'
  if (
    datatype === 'list' ||
    datatype === 'lists' ||
    datatype === 'record' ||
    datatype === 'recordlist'
  )
    return 'ERROR_SELECT_VALUE_REQUIRED'
  return 'ERROR_INPUT_VALUE_REQUIRED'
}

/** Checks one field's value against its definition. */
export function checkField(
  field: Pick<FieldDefinition, 'id' | 'datatype' | 'required' | 'embed'>,
  value: unknown,
): FieldCheck {
  const datatype = effectiveDatatype(field.datatype)
  if (isEmptyValue(value) || (datatype === 'boolean' && field.required && value === false)) {
    return field.required
      ? fail(requiredCode(datatype), field.id)
      : pass(value === undefined ? null : value)
  }
  const wrong = (expected: string): FieldCheck =>
    fail('ERROR_INVALID_INPUT', `${field.id} must be ${expected}`)
  switch (datatype) {
    case 'id':
      return typeof value === 'string' && isValidId(value)
        ? pass(value)
        : fail('ERROR_INVALID_ID', field.id)
    case 'integer':
      return checkNumber(value, field.id, Number.isSafeInteger, INTEGER, 'ERROR_INVALID_INTEGER')
    case 'decimal':
      return checkNumber(value, field.id, Number.isFinite, DECIMAL, 'ERROR_INVALID_DECIMAL')
    case 'boolean':
      return typeof value === 'boolean' ? pass(value) : wrong('true or false')
    case 'email': {
      if (typeof value !== 'string') return wrong('text')
      const email = normalizeEmail(value)
      return emailError(email) ? fail('ERROR_INVALID_EMAIL', field.id) : pass(email)
    }
    case 'color':
      return typeof value === 'string' && COLOR.test(value)
        ? pass(value.toLowerCase())
        : wrong('a colour like #1e88e5 or #1e88e5ff')
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? pass(new Date(value).toISOString())
        : wrong('an ISO date and time')
    case 'record':
      // An embedded record (the field's `embed` flag) is kept inside this one as a plain object,
      // not referred to: an address on a location, a price table on an item. Its own fields are the
      // owning type's to check (docs/plugins.md, "Embedded records").
      if (field.embed)
        return isPlainObject(value) ? pass(value) : wrong('an embedded record (an object)')
      return isReference(value)
        ? pass({ reference: true, type: value.type, id: value.id })
        : wrong('a record reference')
    case 'recordlist':
      if (field.embed)
        return Array.isArray(value) && value.every(isPlainObject)
          ? pass(value)
          : wrong('a list of embedded records (objects)')
      return Array.isArray(value) && value.every(isReference)
        ? pass(value.map((item) => ({ reference: true, type: item.type, id: item.id })))
        : wrong('a list of record references')
    case 'list':
      return typeof value === 'string' ||
        (typeof value === 'object' &&
          value !== null &&
          typeof (value as { id?: unknown }).id === 'string')
        ? pass(value)
        : wrong('a list value')
    case 'lists':
    case 'log':
      return Array.isArray(value) ? pass(value) : wrong('a list')
    case 'hidden':
      // Values the screens never show, which plugins keep there: text, or a number (the account's
      // image version and session time are milliseconds and counters).
      return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
        ? pass(value)
        : wrong('text or a number')
    case 'translations':
      return typeof value === 'object' && !Array.isArray(value)
        ? pass(value)
        : wrong('a map of language to text')
    default:
      // text, longtext, htmlx, icon, password, domain and the folder types hold text.
      return typeof value === 'string' ? pass(value) : wrong('text')
  }
}
