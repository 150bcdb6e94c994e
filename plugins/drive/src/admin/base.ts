/**
 * The drive screen's address fragment by default (a site may give the panel another). A file of its
 * own: the admin module imports it at start, and should bring nothing else into the first load.
 */
export const DRIVE_BASE = '/drive'
