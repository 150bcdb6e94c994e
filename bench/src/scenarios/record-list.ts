import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { DEVICE_HEADERS, startNaiveList } from '../servers.js'
import { signIn, sqliteFile, TABLE_RECORDS } from '../record-table.js'
import { recordLoadPlan } from './record-get.js'
import { ratioRounds } from '../ratio-rounds.js'
import { withTableKernel } from '../table-kernel.js'

/** The floor for kernel list requests/s over the naive handler's. */
export const RECORD_LIST_TARGET = 1.2
const PAGE_SIZE = 100
const LIST_PATH = `/query/data/list/webpage?pagesize=${PAGE_SIZE}`

/**
 * `GET /query/data/list/webpage?pagesize=100` as a signed-in administrator on the 100,000-record
 * table, against a naive Koa + knex handler reading the same rows from the same SQLite file.
 */
export const recordList: Scenario = {
  name: 'record-list',
  title: 'Record list: GET /query/data/list/webpage?pagesize=100, 100,000 records',
  method(quick) {
    const p = recordLoadPlan(quick)
    return [
      `The record table of the record-get scenario (${TABLE_RECORDS.toLocaleString('en-US')} \`webpage\` records, same DATA_DIR). The kernel`,
      `answers \`GET ${LIST_PATH}\` to the signed-in administrator (cookie and \`Device: bench\`):`,
      `the first page of 100 in id order, with nextpage, pagesize, pages, page, recordtype and extensions.`,
      `Baseline: \`bench/src/naive-list-server.ts\`, a bare Koa 3 process with one route that opens the`,
      `same SQLite file with knex (better-sqlite3, knex's defaults) and runs`,
      `\`select id, body from records where type = 'webpage' and binned_at is null order by id limit 100\`,`,
      `parses each body with JSON.parse, builds \`{ type, id, ...body }\` and answers \`{ list }\` with Koa's`,
      `default JSON serialisation (no sign-in, no access check, no count). Before the load the two`,
      `lists are checked to hold the same 100 records. ${p.connections} connections, pipelining 1; after a`,
      `${p.warmupSeconds} s warm-up of each, ${p.rounds} rounds of ${p.roundSeconds} s alternate naive, kernel, ...; medians; the`,
      `ratio is kernel requests/s over naive requests/s.`,
    ].join('\n')
  },
  async run(context) {
    const p = recordLoadPlan(context.quick)
    return withTableKernel(context, 'record-list', async ({ kernel, table, dir, keep }) => {
      context.log('record-list: starting the naive list handler on the record table')
      const naive = keep(
        await startNaiveList(context, {
          dbFile: sqliteFile(table.dataDir),
          logFile: path.join(dir, 'naive-list.log'),
        }),
      )
      const headers = await signIn(kernel.port)

      // Both must answer the same 100 records, or the comparison means nothing.
      const kernelAnswer = await request(kernel.port, LIST_PATH, { headers })
      const naiveAnswer = await request(naive.port, LIST_PATH, { headers: DEVICE_HEADERS })
      const listOf = (body: string): unknown[] => (JSON.parse(body) as { list: unknown[] }).list
      if (kernelAnswer.status !== 200 || naiveAnswer.status !== 200)
        throw new Error(
          `list answers ${kernelAnswer.status} (kernel) and ${naiveAnswer.status} (naive): ${kernelAnswer.body.slice(0, 300)}`,
        )
      const kernelList = listOf(kernelAnswer.body)
      const naiveList = listOf(naiveAnswer.body)
      if (
        kernelList.length !== PAGE_SIZE ||
        JSON.stringify(kernelList) !== JSON.stringify(naiveList)
      )
        throw new Error(
          `the kernel's page (${kernelList.length} records) differs from the naive handler's (${naiveList.length})`,
        )

      return ratioRounds(context, {
        label: 'record-list',
        plan: p,
        baseline: { server: naive, path: LIST_PATH, headers: DEVICE_HEADERS },
        kernel: { server: kernel, path: LIST_PATH, headers },
        goal: 'List a page of 100 (100,000 records, 50 connections): at least 1.2x the requests/s of a naive Koa + knex handler in the same run',
        floor: RECORD_LIST_TARGET,
        note: `Answer sizes: kernel ${Buffer.byteLength(kernelAnswer.body).toLocaleString('en-US')} bytes, naive ${Buffer.byteLength(naiveAnswer.body).toLocaleString('en-US')} bytes.`,
        raw: {
          records: table.records,
          responseBytes: {
            kernel: Buffer.byteLength(kernelAnswer.body),
            baseline: Buffer.byteLength(naiveAnswer.body),
          },
        },
      })
    })
  },
}
