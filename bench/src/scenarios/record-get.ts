import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { DEVICE_HEADERS, startBareKoa } from '../servers.js'
import type { RoundPlan } from '../rounds.js'
import { signIn, TABLE_RECORDS } from '../record-table.js'
import { RECORD_TYPE, webpageFields, webpageId } from '../webpages.js'
import { ratioRounds } from '../ratio-rounds.js'
import { withTableKernel } from '../table-kernel.js'

/** Issue 34's floor for kernel record GETs over bare Koa hello-world requests/s (0.5 before it). */
export const RECORD_GET_TARGET = 0.75
/** The concurrency for the record figures. */
export const RECORD_CONNECTIONS = 50
const HELLO_PATH = '/hello'

export function recordLoadPlan(quick: boolean): RoundPlan {
  return quick
    ? { connections: RECORD_CONNECTIONS, warmupSeconds: 1, rounds: 2, roundSeconds: 2 }
    : { connections: RECORD_CONNECTIONS, warmupSeconds: 3, rounds: 3, roundSeconds: 5 }
}

const getPath = (id: string): string => `/query/data/get/${RECORD_TYPE}/${id}`

/**
 * `GET /query/data/get/webpage/<id>` as a signed-in administrator on a table of 100,000 records,
 * against bare Koa's hello-world, 50 connections, alternating rounds.
 */
export const recordGet: Scenario = {
  name: 'record-get',
  title: 'Record get: GET /query/data/get/webpage/:id, 100,000 records',
  method(quick) {
    const p = recordLoadPlan(quick)
    return [
      `The record table: an empty DATA_DIR migrated and seeded by one kernel start, an administrator made`,
      `with \`shopwright user add --roles administrator\`, then ${TABLE_RECORDS.toLocaleString('en-US')} \`webpage\` records (a headline and`,
      `300-500 bytes of HTML content as stored JSON, base-62 ids 1 to ${TABLE_RECORDS.toLocaleString('en-US')}) inserted straight into`,
      `the \`records\` table with better-sqlite3 in transactions of 5,000 rows while no kernel runs.`,
      `The kernel then starts on it (default plugins and log level), the bench signs in with`,
      `\`POST /query/account/login\` and autocannon sends \`GET /query/data/get/webpage/<id>\` with the`,
      `session cookie and \`Device: bench\`, ${p.connections} connections, pipelining 1; each connection cycles through`,
      `the same 1,000 ids spread evenly over the table (records 1, 101, 201, ... up to ${TABLE_RECORDS.toLocaleString('en-US')}, about every`,
      `100th), so the reads do not all hit one cached page. Baseline: the bare Koa server's hello-world (\`GET /hello\` answering`,
      `\`{"hello":"world"}\`), same connections and headers. After a ${p.warmupSeconds} s warm-up of each,`,
      `${p.rounds} rounds of ${p.roundSeconds} s alternate baseline, kernel, ...; medians; the ratio is kernel`,
      `requests/s over hello-world requests/s. Every answer must be 2xx. Before the load, one GET is`,
      `checked against the record's stored headline. The figure is for a warm kernel: after its first`,
      `read each of the 1,000 records is answered from the kernel's record cache (its JSON text, dropped`,
      `by any write to the record) and the session from the session cache, as a busy shop's popular`,
      `pages are; a cold read adds one prepared SQLite statement (about 7 µs here).`,
    ].join('\n')
  },
  async run(context) {
    const p = recordLoadPlan(context.quick)
    return withTableKernel(context, 'record-get', async ({ kernel, table, dir, keep }) => {
      context.log('record-get: starting bare Koa')
      const bare = keep(await startBareKoa(context, path.join(dir, 'bare-koa.log')))
      const headers = await signIn(kernel.port)

      // One GET checked against the stored record before the load.
      const probeNumber = table.sampleNumbers[1]!
      const probeId = webpageId(probeNumber)
      const probe = await request(kernel.port, getPath(probeId), { headers })
      const record = probe.status === 200 ? (JSON.parse(probe.body) as Record<string, unknown>) : {}
      if (
        record.id !== probeId ||
        record.type !== RECORD_TYPE ||
        record.headline !== webpageFields(probeNumber).headline
      ) {
        throw new Error(
          `GET ${getPath(probeId)} answered ${probe.status}: ${probe.body.slice(0, 300)}`,
        )
      }
      const hello = await request(bare.port, HELLO_PATH, { headers: DEVICE_HEADERS })
      if (hello.body !== '{"hello":"world"}')
        throw new Error(`bare Koa's hello-world answered ${hello.status} ${hello.body}`)

      return ratioRounds(context, {
        label: 'record-get',
        plan: p,
        baseline: { server: bare, path: HELLO_PATH, headers: DEVICE_HEADERS },
        kernel: {
          server: kernel,
          path: getPath(webpageId(table.sampleNumbers[0]!)),
          paths: table.sampleNumbers.map((n) => getPath(webpageId(n))),
          headers,
        },
        goal: "Get one record as a signed-in administrator (100,000 records, 50 connections): at least 75% of bare Koa's hello-world requests/s in the same run",
        floor: RECORD_GET_TARGET,
        note: `Answer sizes: record ${Buffer.byteLength(probe.body)} bytes, hello-world ${Buffer.byteLength(hello.body)} bytes.`,
        raw: {
          records: table.records,
          setupMs: table.setupMs,
          ids: {
            count: table.sampleNumbers.length,
            first: webpageId(table.sampleNumbers[0]!),
            last: webpageId(table.sampleNumbers.at(-1)!),
          },
          responseBytes: {
            kernel: Buffer.byteLength(probe.body),
            baseline: Buffer.byteLength(hello.body),
          },
        },
      })
    })
  },
}
