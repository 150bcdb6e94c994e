import { defineAdmin } from '@shopwright/admin-ui/registry'
import { accountAuth } from './account-auth.js'
// For their English: this plugin's error codes, shown by the sign-in screen (docs/plugins.md).
import '../shared/errors.js'

/**
 * The account plugin's part of the admin: no panels yet, but the sign-in the shell uses (the
 * login screen's two steps, the header's name, picture and Logout).
 */
export default defineAdmin({ plugin: 'account', auth: accountAuth })
