import { asFunction } from 'awilix'
import { definePlugin } from '@shopwright/core'
import { migrations } from './server/migrations.js'
import { AccountService } from './server/account-service.js'

export {
  AccountService,
  ACCOUNT_TYPES,
  type AccountType,
  type NewAccount,
} from './server/account-service.js'
export { hashPassword, verifyPassword } from './server/passwords.js'

declare module '@shopwright/core' {
  interface Services {
    accounts: AccountService
  }
}

/** The account plugin: sign-in accounts of the customer and employee record types. */
export default definePlugin({
  name: 'account',
  dependsOn: ['records'],
  security: ['account'],
  migrations,
  cacheTypes: ['session'],
  register({ container }) {
    container.register({
      accounts: asFunction(
        ({ db, recordStore }) => new AccountService(db, recordStore),
      ).singleton(),
    })
  },
})
