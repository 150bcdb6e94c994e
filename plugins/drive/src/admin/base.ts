/**
 * The drive screen's address fragment by default (spec 001 section 2). A file of its own: the admin
 * module imports it at start, and should bring nothing else into the first load.
 */
export const DRIVE_BASE = '/drive'
