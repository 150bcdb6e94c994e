import { describe, z } from '@shopwright/core'

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

const keysParam = z.object({
  keys: z.string().describe('type|id,type|id,... (at most 1,000)'),
})
const typeParam = z.object({ recordtype: z.string().regex(/^[A-Za-z0-9_-]+$/) })
const recordParams = typeParam.extend({ id: z.string().regex(/^[A-Za-z0-9_-]+$/) })
const keyList = z.object({ list: z.array(z.object({ type: z.string(), id: z.string() })) })
const pageQuery = {
  pagesize: z.int().min(1).max(1000).optional(),
  page: z.int().min(1).optional(),
  nextpage: z.string().max(300).optional().describe('The token of the previous answer'),
}
const listQuery = z.object({
  ...pageQuery,
  fields: z.string().max(2000).optional().describe('Fields besides type and id, comma-separated'),
  search: z.string().max(200).optional(),
  sort: z.string().max(64).optional().describe('A list column or id'),
  order: z.enum(['asc', 'desc']).optional(),
  filter: z
    .union([z.string(), z.array(z.string()).max(5)])
    .optional()
    .describe('field:value, repeatable'),
})
const typeRule = { rule: "the record type's own security record" }
const writeErrors = [
  'ERROR_NOT_SIGNED_IN',
  'ERROR_INVALID_ID',
  'ERROR_ACCESS_DENIED',
  'ERROR_PERMISSION_TYPE',
  'ERROR_RECORDTYPE_REQUIRED',
] as const

/** The descriptions of the record calls (data-routes.ts, transfer-routes.ts). */
export const RECORD_ROUTES = {
  typeList: describe({
    summary: 'The record types whose records the caller may view',
    access: typeRule,
    query: z.object(pageQuery),
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
    summary: 'One record',
    access: typeRule,
    params: recordParams,
    answer: recordAnswer,
    errors: [
      'ERROR_INVALID_ID',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
      'ERROR_RECORD_NOT_AVAILABLE',
    ],
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
  bin: describe({
    summary: 'Moves records to the bin',
    access: { rule: "delete on each record type's security record" },
    params: keysParam,
    answer: keyList,
    errors: [...writeErrors, 'ERROR_PARAMETER_EXPECTED', 'ERROR_RECORD_NOT_AVAILABLE'],
  }),
  restore: describe({
    summary: 'Restores records from the bin',
    description: 'Also needs delete on each record type.',
    access: { security: 'bin', right: 'edit' },
    params: keysParam,
    answer: keyList,
    errors: [...writeErrors, 'ERROR_PARAMETER_EXPECTED', 'ERROR_RECORD_NOT_AVAILABLE'],
  }),
  remove: describe({
    summary: 'Deletes binned records for good',
    description: 'Also needs delete on each record type.',
    access: { security: 'bin', right: 'delete' },
    params: keysParam,
    answer: keyList,
    errors: [...writeErrors, 'ERROR_PARAMETER_EXPECTED', 'ERROR_RECORD_NOT_AVAILABLE'],
  }),
  binList: describe({
    summary: 'The records in the bin',
    access: { security: 'bin', right: 'view' },
    query: z.object({ pagesize: pageQuery.pagesize, nextpage: pageQuery.nextpage }),
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
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/) }),
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
