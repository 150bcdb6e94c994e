import { asFunction } from 'awilix'
import { definePlugin, dialectOf } from '@shopwright/core'
import { migrations } from './server/migrations.js'
import { RecordStore } from './server/record-store.js'
import { RecordSecuritySource } from './server/security-source.js'

export { RecordStore, type StoredRecord } from './server/record-store.js'
export { RecordSecuritySource } from './server/security-source.js'

declare module '@shopwright/core' {
  interface Services {
    recordStore: RecordStore
  }
}

/** The records plugin: storage of every record, security records for the access service, seeds. */
export default definePlugin({
  name: 'records',
  security: ['configuration', 'security', 'bin'],
  migrations,
  cacheTypes: ['recordtype', 'configuration', 'access'],
  register({ container, config }) {
    container.register({
      recordStore: asFunction(
        ({ db }) => new RecordStore(db, dialectOf(config.databaseUrl)),
      ).singleton(),
      securitySource: asFunction(
        ({ recordStore }) => new RecordSecuritySource(recordStore),
      ).singleton(),
      seedWriter: asFunction(({ recordStore }) => recordStore).singleton(),
    })
  },
})
