import { describe, isValidId, type RouteAccess, z } from '@shopwright/core'
import type { RecordKey } from '../records-service.js'
import type { BinKey } from '../shared-bin.js'
import { MAX_LIST_FILTERS, MAX_SEARCH_LENGTH } from '../../shared/list-columns.js'
import type { CompileMode } from '../page-compile.js'
import { LANGUAGE_CODE } from '@shopwright/client'

/**
 * A record as the calls answer it: a document whose fields its record type defines, so only the
 * keys every record has are fixed (its type and id).
 */
export const recordAnswer = z.object({ type: z.string(), id: z.string() }).loose()

const flags = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  create: z.boolean(),
  delete: z.boolean(),
  publish: z.boolean(),
})

/** A record type with the caller's rights (core's RecordTypeAnswer). */
const recordType = z
  .object({
    type: z.literal('recordtype'),
    id: z.string(),
    name: z.string(),
    fields: z.array(z.object({ id: z.string() }).loose()),
    access: flags,
  })
  .loose()

/** A list call's collection (core's RecordCollection). */
function collection(item: z.ZodType) {
  return z.object({
    list: z.array(item),
    nextpage: z.string().nullable(),
    pagesize: z.int(),
    pages: z.int(),
    page: z.int(),
    recordtype: z.string(),
    extensions: z.array(
      z.object({ id: z.string(), type: z.string(), name: z.string(), showintypes: z.boolean() }),
    ),
  })
}

/** The id rule (core's isValidId): letters, digits, '-' and '_'. */
const ID = /^[A-Za-z0-9_-]+$/
export const id = z.string().regex(ID, 'ERROR_INVALID_ID')
const MAX_KEYS = 1000

/**
 * One part of a keys parameter: `type|id`, or (restore only, `bare`) an id alone, as the
 * specification's restore call sends it; undefined when malformed.
 */
function keyOf(part: string, bare: boolean): BinKey | undefined {
  const [type, id, extra] = part.split('|')
  if (bare && id === undefined) return type && isValidId(type) ? { id: type } : undefined
  if (!type || !id || extra !== undefined || !isValidId(type) || !isValidId(id)) return undefined
  return { type, id }
}

/** Parts of a keys parameter or body into keys, or one refusal (the first problem) into `check`. */
function keysOf(parts: readonly string[], bare: boolean, check: z.RefinementCtx) {
  if (parts.length > MAX_KEYS) {
    check.addIssue({ code: 'custom', message: `at most ${MAX_KEYS} records at once` })
    return z.NEVER
  }
  const list: BinKey[] = []
  for (const part of parts) {
    const key = keyOf(part, bare)
    if (!key) {
      check.addIssue({ code: 'custom', message: 'ERROR_INVALID_ID' })
      return z.NEVER
    }
    list.push(key)
  }
  return list
}

/** `type|id,type|id` (export, listids, bin, delete): each part passes the id rule. */
const keys = z
  .string()
  .min(1, 'ERROR_PARAMETER_EXPECTED')
  .transform((text, check) => keysOf(text.split(','), false, check) as RecordKey[])
  .describe('type|id,type|id,... (at most 1,000)')

/** Restore's keys: `type|id` or a binned record's id alone (docs/api.md, "Records"). */
const restoreKeys = z
  .string()
  .min(1, 'ERROR_PARAMETER_EXPECTED')
  .transform((text, check) => keysOf(text.split(','), true, check))
  .describe('type|id or id, comma-separated (at most 1,000)')

/**
 * Restore's optional body: more keys, each a string as in the path (ids only, as the path). An
 * empty object is no keys: clients (the admin's bin among them) post `{}` when they send none.
 */
const restoreBody = z
  .preprocess(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length === 0
        ? undefined
        : value,
    z
      .array(z.string().max(300))
      .max(MAX_KEYS, `at most ${MAX_KEYS} records at once`)
      .transform((parts, check) => keysOf(parts, true, check))
      .optional(),
  )
  .describe('More keys as in the path: a list of type|id or id strings ({} or none: no more)')
const keysParam = z.object({ keys })
const typeParam = z.object({ recordtype: id })
export const recordParams = typeParam.extend({ id })
const keyList = z.object({ list: z.array(z.object({ type: z.string(), id: z.string() })) })

/** A whole number as a query string sends it; empty is as if not sent. Services check its range. */
const wholeNumber = z
  .string({ error: 'ERROR_INVALID_INTEGER' })
  .regex(/^\d{0,9}$/, 'ERROR_INVALID_INTEGER')
  .transform((text) => (text === '' ? undefined : Number(text)))
  .optional()
const nextpage = z.string().max(300).optional().describe('The token of the previous answer')

/** `field:value`: a list column's id, then the value it must hold. */
function filterOf(text: string, check: z.RefinementCtx): { field: string; value: string } {
  const colon = text.indexOf(':')
  const field = colon < 0 ? '' : text.slice(0, colon)
  if (!isValidId(field))
    check.addIssue({ code: 'custom', message: `"${text.slice(0, 80)}" is not field:value` })
  return { field, value: text.slice(colon + 1) }
}

/** The query of a list of records: a page, its fields, a search, an order and filters. */
const listQuery = z.object({
  pagesize: wholeNumber.describe('From 1 to 1,000'),
  page: wholeNumber.describe('From 1'),
  nextpage,
  fields: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_,-]*$/, 'ERROR_INVALID_ID')
    .transform((text) => {
      const list = text.split(',').filter(Boolean)
      return list.length > 0 ? list : undefined
    })
    .optional()
    .describe('Fields besides type and id, comma-separated'),
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((text) => (text.trim() === '' ? undefined : text))
    .optional(),
  sort: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, 'ERROR_INVALID_ID')
    .transform((text) => text || undefined)
    .optional()
    .describe('A list column or id'),
  order: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).optional(),
  filter: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().max(300, 'a filter must be at most 300 characters'))
        .max(MAX_LIST_FILTERS, `at most ${MAX_LIST_FILTERS} filters`),
    )
    .transform((list, check) => list.map((text) => filterOf(text, check)))
    .optional()
    .describe('field:value, repeatable'),
})
/**
 * The page fetch's options (page-compile.ts): `compile` (`true`/`1`/`page`, or `debug` when the
 * web configuration lists it; `false`/`0` or none: the record as stored) and the language to
 * compile for (else the reader's locale choice).
 */
const compileQuery = z.object({
  compile: z
    .enum(['true', '1', 'page', 'debug', 'false', '0'], {
      message: 'must be true, false or a compile mode (page, debug)',
    })
    .transform((text): CompileMode | undefined =>
      text === 'debug' ? 'debug' : text === 'false' || text === '0' ? undefined : 'page',
    )
    .optional(),
  language: z
    .string()
    .max(20)
    .transform((text) => text.toLowerCase())
    .pipe(z.string().regex(LANGUAGE_CODE, 'must be a language code such as fr or en-us'))
    .optional(),
})
const getErrors = [
  'ERROR_INVALID_ID',
  'ERROR_INVALID_INPUT',
  'ERROR_NOT_SIGNED_IN',
  'ERROR_ACCESS_DENIED',
  'ERROR_RECORD_NOT_AVAILABLE',
] as const
const typeRule = { rule: "the record type's own security record" }
const writeErrors = [
  'ERROR_NOT_SIGNED_IN',
  'ERROR_INVALID_ID',
  'ERROR_ACCESS_DENIED',
  'ERROR_PERMISSION_TYPE',
  'ERROR_PERMISSION_DELETE',
  'ERROR_RECORDTYPE_REQUIRED',
] as const

/**
 * A call that moves the named records (`type|id,...`) in or out of the bin and answers their keys;
 * one gated on the bin security record also needs delete on each record type.
 */
function keysCall(summary: string, access: Exclude<RouteAccess, string>) {
  return describe({
    summary,
    ...('security' in access ? { description: 'Also needs delete on each record type.' } : {}),
    access,
    params: keysParam,
    answer: keyList,
    // ERROR_PERMISSION_DENIED: a drive folder holding an entry the caller may not change.
    errors: [
      ...writeErrors,
      'ERROR_PARAMETER_EXPECTED',
      'ERROR_RECORD_NOT_AVAILABLE',
      'ERROR_PERMISSION_DENIED',
    ],
  })
}

/** The descriptions of the record calls (data-routes.ts, transfer-routes.ts). */
export const RECORD_ROUTES = {
  typeList: describe({
    summary: 'The record types whose records the caller may view',
    access: typeRule,
    query: z.object({
      pagesize: wholeNumber.describe('From 1'),
      page: wholeNumber.describe('From 1'),
    }),
    answer: collection(recordType),
    errors: ['ERROR_NOT_SIGNED_IN', 'ERROR_INVALID_INTEGER'],
  }),
  typeGet: describe({
    summary: 'One record type with the caller’s rights',
    access: typeRule,
    params: typeParam,
    answer: recordType,
    errors: [
      'ERROR_INVALID_ID',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
      'ERROR_RECORDTYPE_REQUIRED',
    ],
  }),
  list: describe({
    summary: 'A page of the records of a type',
    access: typeRule,
    params: typeParam,
    query: listQuery,
    answer: collection(recordAnswer),
    errors: [
      'ERROR_INVALID_ID',
      'ERROR_INVALID_INTEGER',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
    ],
  }),
  listIds: describe({
    summary: 'The named records the caller may view; missing ones are left out',
    access: typeRule,
    params: keysParam,
    answer: z.object({ list: z.array(recordAnswer) }),
    errors: [
      'ERROR_PARAMETER_EXPECTED',
      'ERROR_INVALID_ID',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
    ],
  }),
  get: describe({
    summary: 'One record (the page fetch), compiled for a language when asked',
    access: typeRule,
    params: recordParams,
    query: compileQuery,
    answer: recordAnswer,
    errors: getErrors,
  }),
  page: describe({
    summary: 'One web page (the page fetch with the default type, webpage)',
    access: { rule: "the webpage record type's security record" },
    params: z.object({ id }),
    query: compileQuery,
    answer: recordAnswer,
    errors: getErrors,
  }),
  blank: describe({
    summary: 'A blank record with the field defaults and id "new" (nothing stored)',
    access: { rule: "create on the record type's security record" },
    params: typeParam,
    answer: recordAnswer,
    errors: writeErrors,
  }),
  duplicate: describe({
    summary: 'A copy of a record with id "new" (nothing stored)',
    access: { rule: "create on the record type's security record" },
    params: recordParams,
    answer: recordAnswer,
    errors: [...writeErrors, 'ERROR_RECORD_NOT_AVAILABLE'],
  }),
  create: describe({
    summary: 'Creates a record',
    access: { rule: "create on the record type's security record" },
    body: z.looseObject({
      type: z.string().min(1).max(64),
      id: z.string().max(191).optional(),
    }),
    answer: recordAnswer,
    errors: [...writeErrors, 'ERROR_INPUT_VALUE_REQUIRED', 'ERROR_RECORD_ALREADY_EXISTS'],
  }),
  update: describe({
    summary: 'Changes fields of a record',
    description: 'A change of `id` renames the record; the answer carries the new id.',
    access: { rule: "edit on the record type's security record" },
    params: recordParams,
    body: z
      .array(z.object({ field: z.string().min(1).max(500), value: z.unknown() }))
      .min(1)
      .max(1000),
    answer: recordAnswer,
    errors: [
      ...writeErrors,
      'ERROR_RECORD_NOT_AVAILABLE',
      'ERROR_RECORD_ALREADY_EXISTS',
      'ERROR_INPUT_VALUE_REQUIRED',
    ],
  }),
  bin: keysCall('Moves records to the bin', {
    rule: "delete on each record type's security record",
  }),
  restore: describe({
    summary: 'Restores records from the bin',
    description:
      'Also needs delete on each record type. A key is `type|id`, or an id alone, which must name ' +
      'one binned record of a type the caller may view.',
    access: { security: 'bin', right: 'edit' },
    params: z.object({ keys: restoreKeys }),
    body: restoreBody,
    answer: keyList,
    errors: [
      ...writeErrors,
      'ERROR_PARAMETER_EXPECTED',
      'ERROR_RECORD_NOT_AVAILABLE',
      'ERROR_INVALID_INPUT',
    ],
  }),
  remove: keysCall('Deletes binned records for good', { security: 'bin', right: 'delete' }),
  binList: describe({
    summary: 'The records in the bin',
    access: { security: 'bin', right: 'view' },
    query: z.object({ pagesize: wholeNumber.describe('From 1 to 1,000'), nextpage }),
    answer: z.object({
      list: z.array(
        z.object({ type: z.string(), id: z.string(), name: z.string(), binned: z.string() }),
      ),
      nextpage: z.string().nullable(),
      pagesize: z.int(),
    }),
    errors: ['ERROR_INVALID_INTEGER'],
  }),
  empty: describe({
    summary: 'Deletes every binned record of the types the caller may delete',
    access: { security: 'bin', right: 'delete' },
    answer: z.object({ deleted: z.int() }),
  }),
  listType: describe({
    summary: "A list type's name and values",
    access: { security: 'reference', right: 'view' },
    params: z.object({ id }),
    answer: z.object({
      name: z.string(),
      values: z.array(z.union([z.string(), z.object({ id: z.string() }).loose()])),
    }),
    errors: ['ERROR_INVALID_ID', 'ERROR_LIST_NOT_AVAILABLE'],
  }),
  noType: describe({
    summary: 'Always refused: a record call names its record type',
    access: 'anyone',
    answer: z.never(),
    errors: ['ERROR_RECORDTYPE_REQUIRED'],
  }),
  export: describe({
    summary: 'Downloads records: one as {type}-{id}.json, several as export.zip',
    access: { rule: "view on each record type's security record" },
    params: keysParam,
    query: z.object({
      filename: z.string().optional().describe('Letters, digits, space, ., _ and -'),
    }),
    answer: { file: ['application/json', 'application/zip'] },
    errors: [
      'ERROR_PARAMETER_EXPECTED',
      'ERROR_INVALID_ID',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
      'ERROR_RECORD_NOT_AVAILABLE',
    ],
  }),
  import: describe({
    summary: 'Imports a .json file (one record or a list) or a .zip of .json files',
    description: 'A bad item is reported in the answer and the rest continue.',
    access: { rule: 'signed in with create or edit on some record type' },
    query: z.object({ filename: z.string().optional() }),
    upload: ['application/json', 'application/zip', 'application/octet-stream'],
    answer: z.array(
      z.union([
        z.object({
          ok: z.literal(true),
          type: z.string(),
          id: z.string(),
          action: z.enum(['created', 'updated', 'unchanged']),
        }),
        z.object({
          ok: z.literal(false),
          name: z.string(),
          message: z.string(),
          reason: z.string().optional(),
        }),
      ]),
    ),
    errors: [
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
      'ERROR_IMPORT_FILE_TYPE',
      'ERROR_BODY_TOO_LARGE',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
}
