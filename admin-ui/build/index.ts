export { buildAdmin, type BuildAdminOptions } from './build-admin.js'
