import {
  definePlugin,
  type ErrorCodesOf,
  dialectOf,
  parseSize,
  sharedSqliteFile,
  asFunction,
} from '@shopwright/core'
import { migrations } from './server/migrations.js'
import {
  HISTORY_PRUNE_MS,
  HISTORY_PRUNE_TASK,
  RecordHistory,
} from './server/history/record-history.js'
import { HistoryCalls } from './server/history/history-calls.js'
import { historyRoutes } from './server/routes/history-routes.js'
import { DraftCalls } from './server/drafts/draft-calls.js'
import {
  DraftSchedule,
  SCHEDULED_PUBLISH_MS,
  SCHEDULED_PUBLISH_TASK,
} from './server/drafts/draft-schedule.js'
import { DraftPreviews } from './server/drafts/draft-previews.js'
import { DraftEditors } from './server/drafts/draft-editors.js'
import { securityRoutes } from './server/routes/security-routes.js'
import { SecuritySubjects } from './server/security-subjects.js'
import { RecordPages } from './server/record-pages.js'
import { pageRoutes } from './server/routes/page-routes.js'
import { draftRoutes } from './server/routes/draft-routes.js'
import { RecordStore } from './server/record-store.js'
import { RecordIndex } from './server/record-index.js'
import { RecordSecuritySource } from './server/security-source.js'
import { RecordTypes } from './server/record-types.js'
import { RecordsService } from './server/records-service.js'
import { ListService } from './server/list-service.js'
import { RecordTypeCalls } from './server/record-type-calls.js'
import { RecordGuards } from './server/record-guards.js'
import { RecordTypeGuard } from './server/recordtype-guard.js'
import { SecurityGuard } from './server/security-guard.js'
import { AppLog, type RecordLogSink } from './server/app-log.js'
import { HtmlCleaner } from './server/html-cleaner.js'
import { dataRoutes } from './server/routes/data-routes.js'
import { transferRoutes } from './server/routes/transfer-routes.js'
import { ImportService } from './server/transfer/import-service.js'
import { IMPORT_ZIP_LIMITS } from './server/transfer/zip-reader.js'
import { ExportService } from './server/transfer/export-service.js'
import { RECORDS_SECURITY, recordsPluginSeeds } from './seeds/index.js'
import { RECORDS_ERRORS } from './shared/errors.js'
import { RecordSeedWriter } from './server/seed-writer.js'
import { BinSources, SharedBin } from './server/shared-bin.js'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

/** What this plugin caches, and what `/query/memory/clear/<type>` and a seed may clear. */
const CACHE_TYPES = ['recordtype', 'recordcount', 'recordtext', 'configuration', 'access']

/**
 * Imports one node runs at once. Each holds its upload (up to UPLOAD_LIMIT) and one inflated entry
 * in memory, so this bounds what imports can take of a node's memory (docs/security.md, "Imports").
 */
const IMPORTS_AT_ONCE = 2

// The package's public surface: the plugin, and what other plugins use of it (the records service
// and its types, the guard contract, the change event). Everything else is internal; tests reach it
// through its own path.
export { RECORD_CHANGED, RECORD_RENAMED } from './server/records-service.js'
// The shape of a record answer, for other plugins' route descriptions (the OpenAPI document).
export { recordAnswer } from './server/routes/route-schemas.js'
// Rich text kept elsewhere than an htmlx field (a translation of one) is cleaned the same way.
export { cleanHtml } from './server/html-content.js'
export { RECORDS_SEEDED, type RecordsSeeded } from './server/seed-writer.js'
// A seeded record type's fields, stated the same way by every plugin that seeds one.
export { field, type FieldOptions } from './seeds/fields.js'
export type { ListService } from './server/list-service.js'
export type {
  CreateResult,
  FieldChange,
  ModifyOptions,
  RecordKey,
  RecordsService,
} from './server/records-service.js'
export type { DraftPreviews, PreviewKey } from './server/drafts/draft-previews.js'
export type { PageSource, RecordPages } from './server/record-pages.js'
export type { PageType, ShownRecord } from './shared/record-pages.js'
export type { SecuritySubject, SecuritySubjects, SubjectGuard } from './server/security-subjects.js'
export type { RecordHistory, VersionNote } from './server/history/record-history.js'
export type { Actor, RecordChange, RecordGuard, RecordGuards } from './server/record-guards.js'
export type { LogEntry, RecordLogSink } from './server/app-log.js'
export type { BinAfter, BinItem, BinSource, BinSources } from './server/shared-bin.js'
// The import's reader of an uploaded zip and its limits: `shopwright import` judges each records
// part of an export with them before it writes anything, so one rule covers both (docs/cli.md).
export {
  IMPORT_ZIP_LIMITS,
  readZipEntries,
  type ZipEntry,
  type ZipLimits,
} from './server/transfer/zip-reader.js'

declare module '@shopwright/core' {
  // This plugin's error codes: createError accepts them wherever this package's types are seen.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof RECORDS_ERRORS> {}
  interface Services {
    recordTypes: RecordTypes
    records: RecordsService
    recordGuards: RecordGuards
    recordLists: ListService
    recordImport: ImportService
    recordExport: ExportService
    /** Other plugins' items in the shared bin (docs/plugins.md, "The bin"). */
    binSources: BinSources
    /** Records' versions; a plugin keeps its types out with keepNone (docs/history.md). */
    recordHistory: RecordHistory
    /**
     * Where record-change lines go instead of `app_log`, in each write's transaction: provided by a
     * plugin that keeps the site's one log (the log plugin); absent, records keep their own.
     */
    recordLogSink?: RecordLogSink
    /**
     * Draft preview links (docs/history.md, "Live preview"): the storefront gives it its route
     * table and opens the links' tokens.
     */
    recordPreviews: DraftPreviews
    /**
     * Where the site shows a record (docs/admin.md, "Rich text"): the storefront gives it its route
     * table; previews and rich text's links to records ask it.
     */
    recordPages: RecordPages
    /**
     * Things other plugins guard with security records (a drive folder), for the permissions
     * matrix's "Who can do this" (docs/security.md).
     */
    securitySubjects: SecuritySubjects
  }
  /** The storage layer and the calls' helpers: this plugin's own container only. */
  interface PluginInternals {
    recordIndex: RecordIndex
    recordStore: RecordStore
    recordTypeCalls: RecordTypeCalls
    historyCalls: HistoryCalls
    draftCalls: DraftCalls
    draftSchedule: DraftSchedule
    draftEditors: DraftEditors
    appLog: AppLog
    htmlCleaner: HtmlCleaner
    /** The Bin screen's calls: records and every bin source's items together. */
    bin: SharedBin
  }
}

/**
 * The records plugin: every record's storage, the meta-model (record, list and configuration types),
 * the record calls (docs/api.md, "Records"), security records for the access service, and seeds.
 */
export default definePlugin({
  name: 'records',
  // What other plugins and the CLI use; the storage layer (recordStore, recordIndex, appLog), the
  // cleaner and the calls' helpers stay in this plugin's container (docs/plugins.md, "Services").
  provides: [
    'securitySource',
    'seedWriter',
    'recordTypes',
    'records',
    'recordGuards',
    'recordLists',
    'recordImport',
    'recordExport',
    'binSources',
    'recordHistory',
    'recordPreviews',
    'recordPages',
    'securitySubjects',
  ],
  errors: RECORDS_ERRORS,
  security: RECORDS_SECURITY,
  migrations,
  seeds: recordsPluginSeeds,
  register({ container, config }) {
    const dialect = dialectOf(config.databaseUrl)
    container.register({
      recordIndex: asFunction(({ db }) => new RecordIndex(db, dialect)).singleton(),
      recordStore: asFunction(
        ({ db, cache, recordIndex }) =>
          new RecordStore(db, dialect, sharedSqliteFile(config.databaseUrl), cache, recordIndex),
      ).singleton(),
      securitySource: asFunction(
        ({ recordStore }) => new RecordSecuritySource(recordStore),
      ).singleton(),
      seedWriter: asFunction(
        ({ recordStore, cache, events }) =>
          new RecordSeedWriter(recordStore, cache, CACHE_TYPES, events),
      ).singleton(),
      recordTypes: asFunction(
        ({ recordStore, cache, access }) => new RecordTypes(recordStore, cache, access),
      ).singleton(),
      appLog: asFunction(({ db }) => new AppLog(db, dialect)).singleton(),
      recordGuards: asFunction(() => new RecordGuards()).singleton(),
      htmlCleaner: asFunction(({ logger }) => new HtmlCleaner(logger)).singleton(),
      recordHistory: asFunction(
        ({ db, recordTypes }) => new RecordHistory(db, recordTypes),
      ).singleton(),
      records: asFunction(
        ({
          recordStore,
          recordTypes,
          appLog,
          cache,
          events,
          recordGuards,
          logger,
          htmlCleaner,
          recordHistory,
        }) =>
          new RecordsService(
            recordStore,
            recordTypes,
            appLog,
            cache,
            events,
            recordGuards,
            logger,
            htmlCleaner,
            recordHistory,
          ),
      ).singleton(),
      recordLists: asFunction(
        ({ db, recordStore, recordTypes, cache, recordIndex }) =>
          new ListService(db, dialect, recordStore, recordTypes, cache, recordIndex),
      ).singleton(),
      recordImport: asFunction(
        ({ records, recordStore, logger }) =>
          new ImportService(
            records,
            recordStore,
            {
              ...IMPORT_ZIP_LIMITS,
              maxItemBytes: parseSize(config.bodyLimit),
              maxConcurrent: IMPORTS_AT_ONCE,
            },
            logger,
          ),
      ).singleton(),
      recordExport: asFunction(({ records }) => new ExportService(records)).singleton(),
      binSources: asFunction(() => new BinSources()).singleton(),
      bin: asFunction(({ records, binSources }) => new SharedBin(records, binSources)).singleton(),
      draftCalls: asFunction(
        ({ db, records, recordTypes, recordStore }) =>
          new DraftCalls(db, records, recordTypes, recordStore),
      ).singleton(),
      draftSchedule: asFunction(
        ({ db, draftCalls, recordTypes, logger }) =>
          new DraftSchedule(db, draftCalls, recordTypes, logger),
      ).singleton(),
      draftEditors: asFunction(
        ({ db, draftCalls }) => new DraftEditors(db, draftCalls),
      ).singleton(),
      securitySubjects: asFunction(() => new SecuritySubjects()).singleton(),
      recordPages: asFunction(
        ({ recordTypes, records }) => new RecordPages(recordTypes, records),
      ).singleton(),
      recordPreviews: asFunction(
        ({ db, draftCalls, recordPages }) => new DraftPreviews(db, draftCalls, recordPages),
      ).singleton(),
      historyCalls: asFunction(
        ({ db, records, recordTypes, recordStore, draftCalls }) =>
          new HistoryCalls(db, records, recordTypes, recordStore, draftCalls),
      ).singleton(),
      recordTypeCalls: asFunction(
        ({ recordStore, recordTypes, access }) =>
          new RecordTypeCalls(recordStore, recordTypes, access),
      ).singleton(),
    })
  },
  async bootstrap({ services, optional, logger }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('records', [
      '/data',
      '/data/recordtype',
      '/data/listtype',
      '/data/security',
      '/security',
      '/data/:recordtype',
      '/data/:recordtype/:id',
      '/configuration',
      '/configuration/:id',
      '/bin',
    ])
    // A plugin keeping the site's log takes the record lines, and those written here before.
    const { moved } = await services.appLog.useSink(optional('recordLogSink'))
    if (moved > 0) logger.info({ moved }, 'record log lines moved to the log plugin')
    services.recordGuards.add(
      ['recordtype'],
      new RecordTypeGuard(services.recordStore, services.binSources),
    )
    services.recordGuards.add(['security'], new SecurityGuard(services.access))
    // Versions past their type's days go once a day, on one node (docs/history.md).
    services.schedule.every(HISTORY_PRUNE_TASK, HISTORY_PRUNE_MS, async () => {
      const pruned = await services.recordHistory.prune()
      if (pruned > 0) logger.info({ pruned }, 'old record versions pruned')
      await services.recordPreviews.prune()
      await services.draftEditors.prune()
    })
    // Drafts given a time publish by themselves, and records given one leave the site, on one
    // node (docs/history.md): publishing first, so a launch and its end due together both happen.
    services.schedule.every(SCHEDULED_PUBLISH_TASK, SCHEDULED_PUBLISH_MS, async () => {
      const published = await services.draftSchedule.publishDue()
      if (published > 0) logger.info({ published }, 'scheduled drafts published')
      const unpublished = await services.draftSchedule.unpublishDue()
      if (unpublished > 0) logger.info({ unpublished }, 'scheduled records unpublished')
    })
  },
  async destroy({ services }) {
    services.recordStore.close()
    await services.htmlCleaner.close()
  },
  routes(router, { services }) {
    dataRoutes(router, services)
    transferRoutes(router, services)
    historyRoutes(router, services.historyCalls)
    securityRoutes(router, services.recordTypes, services.securitySubjects)
    pageRoutes(router, services.recordPages)
    draftRoutes(
      router,
      services.draftCalls,
      services.draftSchedule,
      services.recordPreviews,
      services.draftEditors,
    )
  },
})
