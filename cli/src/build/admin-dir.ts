import path from 'node:path'

/**
 * Where `shopwright build` writes a project's admin app; the server serves it instead of the
 * prebuilt one when it is there. A module of its own, so booting never loads the build's code.
 */
export const PROJECT_ADMIN_DIR = path.join('.shopwright', 'admin')
