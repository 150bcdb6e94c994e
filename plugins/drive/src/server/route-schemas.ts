import { describe, z } from '@shopwright/core'
import { FOLDER_PAGE_SIZE, MAX_FOLDER_PAGE_SIZE } from '../shared/types.js'
import { MAX_REQUESTED_SIDE } from './images/resize-box.js'

const flags = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  create: z.boolean(),
  delete: z.boolean(),
  publish: z.boolean(),
})

/** The common part of every answer (types.ts, DriveEntry). */
const entry = {
  name: z.string(),
  path: z.string(),
  size: z.int(),
  created: z.string(),
  modified: z.string(),
  access: flags,
}
/** A file (types.ts, DriveFile). */
const file = z.object({
  ...entry,
  type: z.literal('file'),
  contenttype: z.string(),
  hash: z.string(),
})
/** A folder as a listing or a create answers it. */
const folderEntry = z.object({ ...entry, type: z.literal('folder') })
/** A row of a listing (types.ts, DriveEntry): a file's row carries its content type and hash. */
const row = z.union([file, folderEntry])
const listing = {
  list: z.array(row),
  nextpage: z.string().nullable(),
  pagesize: z.int(),
}
/** `get` of a folder (types.ts, DriveFolder). */
const folder = folderEntry.extend({
  security: z.string().nullable(),
  effectivesecurity: z.string().nullable(),
  ...listing,
})

/**
 * The path after the call's name. Optional here because the router hands a final `*` on as
 * `ctx.params['*']`, not `rest`; the handler reads and checks it from the raw URL path
 * (request-paths.ts), since a decoded parameter would make `%2F` a folder and lose the name codes.
 */
const path = z.object({
  rest: z.string().optional().describe('The path, without a leading slash'),
})
const paths = z.object({ rest: z.string().optional().describe('Paths, comma-separated') })
/** An option as a query string sends it, once; empty is no option, as everywhere in /query. */
const option = z
  .string()
  .optional()
  .transform((text) => text || undefined)
const notFound = ['ERROR_NOT_SIGNED_IN', 'ERROR_FILE_NOT_FOUND', 'ERROR_FOLDER_NOT_FOUND'] as const
const names = ['ERROR_INVALID_FILE_NAME', 'ERROR_INVALID_FOLDER_NAME'] as const
const writes = [
  ...notFound,
  ...names,
  'ERROR_ACCESS_DENIED',
  'ERROR_PERMISSION_DENIED',
  'ERROR_RATE_LIMIT_EXCEEDED',
] as const
/** Drive rights come from the entry's security record, its nearest ancestor's, or `drive`. */
const rights = (rule: string) => ({ rule })
/**
 * A folder page's size, as `list` and `get` take it: digits (anything else ERROR_INVALID_INTEGER
 * here), 1 to MAX_FOLDER_PAGE_SIZE checked by the read (entry-reads.ts), empty the default.
 */
const pageSize = z
  .string()
  .regex(/^\d{0,6}$/, 'ERROR_INVALID_INTEGER')
  .optional()
  .transform((text) => (text ? Number(text) : undefined))
const listQuery = z.object({
  nextpage: option.describe('The token of the previous answer'),
  pagesize: pageSize.describe(`Entries per page, at most ${MAX_FOLDER_PAGE_SIZE}`),
})
const getQuery = z.object({
  pagesize: pageSize.describe(
    `Entries in a folder's first page, 1 to ${MAX_FOLDER_PAGE_SIZE} (default ${FOLDER_PAGE_SIZE}); checked but unused for a file`,
  ),
})
const files = ['application/octet-stream', '*/*']

const get = describe({
  summary: 'A file, or a folder with the first page of its contents',
  access: rights('view on the entry'),
  query: getQuery,
  answer: z.union([file, folder]),
  errors: [...notFound, ...names, 'ERROR_INVALID_INTEGER'],
})
const list = describe({
  summary: 'A page of a folder: folders first, then files, by name',
  access: rights('view on the entry'),
  query: listQuery,
  answer: z.object(listing),
  errors: [...notFound, ...names, 'ERROR_INVALID_INTEGER'],
})

/** The descriptions of the drive's calls (routes.ts; docs/drive.md, "Calls"). */
export const DRIVE_ROUTES = {
  getRoot: get,
  get: describe({ ...get, params: path }),
  listRoot: list,
  list: describe({ ...list, params: path }),
  create: describe({
    summary: 'Creates a folder, or an empty file when the last name has a dot',
    access: rights('create on the folder'),
    params: path,
    answer: z.union([file, folderEntry]),
    errors: [
      ...writes,
      'ERROR_INVALID_INPUT',
      'ERROR_FILE_ALREADY_EXISTS',
      'ERROR_FOLDER_ALREADY_EXISTS',
    ],
  }),
  upload: describe({
    summary: 'Stores a file: the raw body, or multipart/form-data with one file part',
    access: rights('create on the folder; edit on the file to replace it'),
    params: path,
    query: z.object({
      replace: z
        .string()
        .optional()
        .transform((text) => text === 'true')
        .describe('true to replace an existing file; anything else keeps it'),
    }),
    upload: [...files, 'multipart/form-data'],
    answer: file,
    errors: [...writes, 'ERROR_FILE_ALREADY_EXISTS', 'ERROR_BODY_TOO_LARGE', 'ERROR_BODY_EXPECTED'],
  }),
  load: describe({
    summary: 'The file inline, optionally scaled down to fit width and height',
    access: rights('view on the entry'),
    params: path,
    // Read once each; resize-box.ts checks the values, with a reason that says what is allowed.
    query: z.object({
      width: z.string().optional().describe(`A whole number from 1 to ${MAX_REQUESTED_SIDE}`),
      height: z.string().optional().describe(`A whole number from 1 to ${MAX_REQUESTED_SIDE}`),
      v: z
        .string()
        .optional()
        .describe(
          'The file’s hash (16 to 64 of its first hex digits): a public file is then cacheable for a year, immutable',
        ),
    }),
    answer: { file: files },
    errors: [
      ...notFound,
      ...names,
      'ERROR_INVALID_INTEGER',
      'ERROR_IMAGE_TOO_LARGE',
      'ERROR_IMAGE_UNREADABLE',
      'ERROR_IMAGE_TIMEOUT',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
  download: describe({
    summary: 'One file as an attachment; several, or a folder, as one zip',
    access: rights('view on each entry'),
    params: paths,
    query: z.object({ filename: option }),
    answer: { file: [...files, 'application/zip'] },
    errors: [...notFound, ...names],
  }),
  rename: describe({
    summary: 'Renames an entry in its folder',
    access: rights('edit on the entry'),
    params: path,
    query: z.object({ filename: option.describe('The new name (or `filename` in a JSON body)') }),
    // Optional: a rename may name its file in the query and send no body.
    body: z.strictObject({ filename: z.string().max(2000) }).optional(),
    answer: z.union([file, folderEntry]),
    errors: [
      ...writes,
      'ERROR_PARAMETER_EXPECTED',
      'ERROR_FILE_ALREADY_EXISTS',
      'ERROR_FOLDER_ALREADY_EXISTS',
    ],
  }),
  move: describe({
    summary: 'Moves entries, with all they contain, into another folder; all or none',
    access: rights('edit on each entry, create on the folder'),
    params: paths,
    query: z.object({
      to: z.string().max(2000).describe('The folder the entries go into, as a path'),
    }),
    answer: z.object({ list: z.array(z.string()) }),
    errors: [
      ...writes,
      'ERROR_INVALID_INPUT',
      'ERROR_FILE_ALREADY_EXISTS',
      'ERROR_FOLDER_ALREADY_EXISTS',
    ],
  }),
  save: describe({
    summary: 'Replaces the text of a file',
    access: rights('edit on the entry'),
    params: path,
    body: z.strictObject({ source: z.string() }),
    answer: file,
    errors: writes,
  }),
  bin: describe({
    summary: 'Moves entries, with all they contain, to the bin',
    access: rights('delete on each entry'),
    params: paths,
    answer: z.object({ list: z.array(z.string()) }),
    errors: writes,
  }),
  remove: describe({
    summary: 'Deletes entries, with all they contain, for good',
    access: rights('delete on each entry'),
    params: paths,
    answer: z.object({ list: z.array(z.string()) }),
    errors: writes,
  }),
  security: describe({
    summary: "Sets or clears a folder's own security record",
    access: { rule: 'administrators' },
    params: path,
    body: z.strictObject({
      security: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,191}$/, 'must be a security record id')
        .nullable(),
    }),
    answer: z.union([file, folder]),
    errors: writes,
  }),
}
