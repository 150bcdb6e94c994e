import type { Scenario } from '../scenario.js'
import { DEVICE_HEADERS } from '../servers.js'
import { percentile } from '../stats.js'
import { formatMeasure } from '../format.js'
import { request } from '../http-probe.js'
import {
  accountSite,
  addressesFor,
  ARGON2ID_OPTIONS,
  pluginArgon2Hash,
  signInAddress,
  withAccountKernel,
} from '../account-site.js'
import { comparedRow } from '../result-row.js'
import { alternatePairs } from '../paired-samples.js'

/** The ceiling for the median sign-up step (argon2 included), in ms. */
export const SIGN_UP_TARGET_MS = 150

/**
 * Sign-ups one client address makes at most: the account plugin allows 10 an hour per address
 * (plugins/account/src/server/signup/signup-limits.ts), so every measured answer is a real sign-up.
 */
const SIGN_UPS_PER_ADDRESS = 9

/** The least age of a form ticket the server takes (signup/form-tickets.ts), with a margin. */
const TICKET_AGE_MS = 2_200

function plan(quick: boolean): { warmup: number; samples: number } {
  return quick ? { warmup: 3, samples: 20 } : { warmup: 5, samples: 100 }
}

/**
 * The sign-up step (`POST /query/account/register`: the checks, one argon2id hash, the account
 * record with its credentials, confirmation code and queued e-mail in one transaction) one request
 * at a time, against the same argon2id hash alone in the bench process.
 */
export const signUpLatency: Scenario = {
  name: 'sign-up',
  title: 'Sign-up: POST /query/account/register (argon2id)',
  method(quick) {
    const p = plan(quick)
    return [
      `A kernel (default plugins, no TRUST_PROXY, no SMTP: e-mails go to the outbox) on a fresh SQLite`,
      `DATA_DIR, migrated and seeded by one start. The bench fetches form tickets from`,
      `\`GET /query/account/signup\`, waits ${TICKET_AGE_MS} ms (the server refuses a form sent within 2 s), then`,
      `sends \`POST /query/account/register\` with a new e-mail each time, \`{ email, name, password,`,
      `consent: true, ticket }\`, **one request at a time** on a new connection each. Every answer must be`,
      `200 \`{ ok: true }\`. The limits stay on: at most ${SIGN_UPS_PER_ADDRESS} sign-ups per loopback address from`,
      `127.0.0.2 upward (10 an hour are allowed). Baseline: argon2id \`hash\` of the same password with the`,
      `account plugin's cost, with the @node-rs/argon2 the plugin loads, in the bench process. After`,
      `${p.warmup} unmeasured pairs, ${p.samples} pairs alternate hash, sign-up; p50 and p95 by nearest rank.`,
    ].join('\n')
  },
  async run(context) {
    const p = plan(context.quick)
    const total = p.warmup + p.samples
    context.log('sign-up: migrating and seeding a DATA_DIR')
    const site = await accountSite(context, 'sign-up-')
    const hash = pluginArgon2Hash(context.root)
    return withAccountKernel(context, site, async (kernel) => {
      const port = kernel.port
      const tickets: string[] = []
      for (let n = 0; n < total; n++) {
        const answer = await request(port, '/query/account/signup', { headers: DEVICE_HEADERS })
        const ticket = (JSON.parse(answer.body) as { ticket?: unknown }).ticket
        if (answer.status !== 200 || typeof ticket !== 'string')
          throw new Error(`signup form answered ${answer.status}: ${answer.body.slice(0, 300)}`)
        tickets.push(ticket)
      }
      await new Promise((resolve) => setTimeout(resolve, TICKET_AGE_MS))

      let sent = 0
      const timedSignUp = async (): Promise<number> => {
        const n = sent++
        const address = signInAddress(n, SIGN_UPS_PER_ADDRESS)
        const body = JSON.stringify({
          email: `shopper-${n}@example.com`,
          name: `Shopper ${n}`,
          password: 'Bench-password-1',
          consent: true,
          ticket: tickets[n],
        })
        const begun = performance.now()
        const answer = await request(port, '/query/account/register', {
          method: 'POST',
          headers: { ...DEVICE_HEADERS, 'Content-Type': 'application/json' },
          body,
          localAddress: address,
        })
        const ms = performance.now() - begun
        if (answer.status !== 200)
          throw new Error(
            `sign-up from ${address} answered ${answer.status}: ${answer.body.slice(0, 300)}`,
          )
        return ms
      }
      const timedHash = async (): Promise<number> => {
        const begun = performance.now()
        await hash('Bench-password-1', ARGON2ID_OPTIONS)
        return performance.now() - begun
      }

      const pairs = await alternatePairs(context, 'sign-up', p, timedHash, timedSignUp)
      const signUps = pairs.map((pair) => pair.kernel)
      const hashes = pairs.map((pair) => pair.baseline)

      const ms = (value: number) => ({ value, unit: 'ms' as const })
      const p50 = percentile(signUps, 50)
      const p95 = percentile(signUps, 95)
      const hashP50 = percentile(hashes, 50)
      const hashP95 = percentile(hashes, 95)
      const addresses = addressesFor(sent, SIGN_UPS_PER_ADDRESS)
      return {
        rows: [
          comparedRow('latency p50, one request at a time', ms(p50), ms(hashP50)),
          comparedRow('latency p95, one request at a time', ms(p95), ms(hashP95)),
        ],
        targets: [
          {
            goal: `Sign-up step (POST /query/account/register, argon2 included), requests one at a time: p50 under ${SIGN_UP_TARGET_MS} ms`,
            measured: `p50 ${formatMeasure(ms(p50))}, p95 ${formatMeasure(ms(p95))} (the argon2id hash alone p50 ${formatMeasure(ms(hashP50))})`,
            pass: p50 < SIGN_UP_TARGET_MS,
          },
        ],
        notes: [
          `${sent} sign-ups (${p.warmup} unmeasured), each a new account and a queued confirmation e-mail, from ${addresses} loopback addresses, all 200.`,
        ],
        kernelRequests: sent + total,
        raw: { plan: p, addresses, setupMs: site.setupMs, signUpMs: signUps, hashMs: hashes },
      }
    })
  },
}
