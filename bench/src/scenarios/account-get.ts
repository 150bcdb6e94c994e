import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { DEVICE_HEADERS, INFO_PATH } from '../servers.js'
import { ADMIN, signIn } from '../record-table.js'
import { accountSite, withAccountKernel } from '../account-site.js'
import { throughputPlan } from './throughput.js'
import { ratioRounds } from '../ratio-rounds.js'

/** The floor for account/get over the kernel's own /query ceiling, in requests/s. */
export const ACCOUNT_GET_TARGET = 0.6
const GET_PATH = '/query/account/get'

/**
 * `GET /query/account/get` with a session cookie, against the cheapest /query route
 * (`GET /query/server/info`) of the same kernel process, alternating rounds.
 */
export const accountGet: Scenario = {
  name: 'account-get',
  title: 'Account get: GET /query/account/get, signed in',
  method(quick) {
    const p = throughputPlan(quick)
    return [
      `A kernel (default plugins and log level) on a fresh SQLite DATA_DIR, migrated and seeded by one`,
      `start, with one account made by \`shopwright user add --roles administrator\`. The bench signs in`,
      `once (\`POST /query/account/login\`) and autocannon sends \`GET /query/account/get\` with the`,
      `\`sw_session\` cookie and \`Device: bench\`. Baseline: the kernel's own /query ceiling, the cheapest`,
      `/query route on the same process, \`GET /query/server/info\` with \`Device: bench\` and no cookie (the`,
      `route of the throughput scenario), so the ratio is what reading the session and the account`,
      `costs over the kernel's floor rather than over bare Koa. ${p.connections} connections, pipelining 1, as in the`,
      `throughput scenario; after a ${p.warmupSeconds} s warm-up of each, ${p.rounds} rounds of ${p.roundSeconds} s alternate`,
      `server/info, account/get, ...; medians; the ratio is account/get requests/s over server/info`,
      `requests/s. Every answer must be 2xx; before the load, one account/get is checked to answer the`,
      `signed-in account. The figure is for a warm session: the session and its account record are`,
      `answered from the kernel's cache (kept 30 s, then read again from the database, one row each),`,
      `and the session's idle expiry is written at most once a minute. Both routes run on one process,`,
      `so its CPU profile (\`--profile\`) mixes them and is divided by all the requests it answered.`,
    ].join('\n')
  },
  async run(context) {
    const p = throughputPlan(context.quick)
    context.log('account-get: migrating and seeding a DATA_DIR, adding an account')
    const site = await accountSite(context, 'account-get-')
    return withAccountKernel(context, site, async (kernel) => {
      const headers = await signIn(kernel.port)

      const probe = await request(kernel.port, GET_PATH, { headers })
      const account = probe.status === 200 ? (JSON.parse(probe.body) as { email?: unknown }) : {}
      if (account.email !== ADMIN.email)
        throw new Error(`GET ${GET_PATH} answered ${probe.status}: ${probe.body.slice(0, 300)}`)
      const info = await request(kernel.port, INFO_PATH, { headers: DEVICE_HEADERS })
      if (info.status !== 200) throw new Error(`GET ${INFO_PATH} answered ${info.status}`)

      return ratioRounds(context, {
        label: 'account-get',
        plan: p,
        kernel: { server: kernel, path: GET_PATH, headers },
        goal: "GET /query/account/get with a session cookie at no less than 60% of the kernel's own /query ceiling (GET /query/server/info, same process) in requests/s",
        floor: ACCOUNT_GET_TARGET,
        note: `Answer sizes: account/get ${Buffer.byteLength(probe.body)} bytes, server/info ${Buffer.byteLength(info.body)} bytes.`,
        raw: {
          setupMs: site.setupMs,
          responseBytes: {
            accountGet: Buffer.byteLength(probe.body),
            serverInfo: Buffer.byteLength(info.body),
          },
        },
      })
    })
  },
}
