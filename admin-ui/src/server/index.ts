export { adminPages, CLIENT_DIR, type AdminPagesOptions } from './admin-pages.js'
export { adminPlugin, type AdminPluginOptions, type AdminService } from './admin-plugin.js'
export {
  adminAddresses,
  ADMIN_ROOT,
  ASSET_PREFIX,
  LOGIN_PATH,
  type AdminAddresses,
  type AdminPlugin,
} from './admin-paths.js'
