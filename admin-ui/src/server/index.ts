export { adminPages, ASSET_PREFIX, CLIENT_DIR, type AdminPagesOptions } from './admin-pages.js'
export { ADMIN_PREFIXES, LOGIN_PATH, isAdminPath } from './admin-paths.js'
