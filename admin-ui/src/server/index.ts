export { adminPages, CLIENT_DIR, type AdminPagesOptions } from './admin-pages.js'
export {
  adminPrefixes,
  ASSET_PREFIX,
  isAdminPath,
  LOGIN_PATH,
  type AdminPlugin,
} from './admin-paths.js'
