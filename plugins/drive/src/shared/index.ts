/** Browser-safe parts of the drive: answers, names, error codes. */
export * from './types.js'
export * from './names.js'
export * from './errors.js'
