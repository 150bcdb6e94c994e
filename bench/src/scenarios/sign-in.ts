import type { Scenario } from '../scenario.js'
import { cpuTimeMs } from '../servers.js'
import { percentile } from '../stats.js'
import { formatMeasure } from '../format.js'
import { ADMIN, postLogin, sessionHeaders } from '../record-table.js'
import {
  accountSite,
  addressesFor,
  pluginArgon2Verify,
  SIGN_INS_PER_ADDRESS,
  signInAddress,
  withAccountKernel,
} from '../account-site.js'
import { describeArgon2Cost, parseArgon2Hash } from '../argon2-cost.js'
import { comparedRow } from '../result-row.js'
import { alternatePairs } from '../paired-samples.js'

/** The ceiling for the median sign-in (login step 2), in ms. */
export const SIGN_IN_TARGET_MS = 150

interface SignInPlan {
  /** Unmeasured pairs first (the kernel's first sign-in compiles its code paths). */
  warmup: number
  /** Measured pairs: one verification alone, then one sign-in. */
  samples: number
}

function plan(quick: boolean): SignInPlan {
  return quick ? { warmup: 3, samples: 20 } : { warmup: 5, samples: 200 }
}

/** Step 1 calls sent from one address at most when checking that the sign-in limit is on. */
const LIMIT_CHECK_CALLS = 100

/**
 * Sends login step 1 (`{ email }`, no hash to verify) from 127.0.0.1 until the kernel answers 429,
 * and answers which call that was: proof that the per-address limit the figures ran under was on.
 */
async function firstRefusal(port: number): Promise<number> {
  for (let n = 1; n <= LIMIT_CHECK_CALLS; n++) {
    const answer = await postLogin(port, { email: ADMIN.email })
    if (answer.status === 429) return n
    if (answer.status !== 200)
      throw new Error(`login step 1 answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  }
  throw new Error(
    `${LIMIT_CHECK_CALLS} login calls from one address were never refused: the sign-in limit is off, so the figures are not those of a default kernel`,
  )
}

/**
 * Login step 2 (`POST /query/account/login` with e-mail and password, one argon2id verification)
 * one request at a time, against the same verification alone in the bench process.
 */
export const signInLatency: Scenario = {
  name: 'sign-in',
  title: 'Sign-in: POST /query/account/login, step 2 (argon2id)',
  method(quick) {
    const p = plan(quick)
    const total = p.warmup + p.samples
    return [
      `A kernel (default plugins and log level, no TRUST_PROXY) on a fresh SQLite DATA_DIR, migrated and`,
      `seeded by one start, with one account made by \`shopwright user add\` (the account plugin's`,
      `AccountService: an argon2id hash with the cost of plugins/account/src/server/passwords.ts; the`,
      `target row and the notes give the cost as read from the stored hash). The bench sends login step 2,`,
      `\`POST /query/account/login\` with \`{"email","password"}\` as JSON, \`Content-Type: application/json\``,
      `and \`Device: bench\`, **one request at a time** on a new connection each: sequential requests`,
      `measure what one person waits for, which is what the target is about; under concurrent load`,
      `the figure would be the queue for 2 cores and libuv's 4 hashing threads, not a sign-in.`,
      `Every answer must be 200 with an \`sw_session\` cookie and the account; each sign-in creates a`,
      `session row. The rate limits stay on and are part of the measured path: the per-e-mail count`,
      `(10 in 15 minutes) is forgotten at each successful sign-in, so one account is enough; the`,
      `per-address count (50 in 15 minutes, kept on success) is met by connecting from distinct`,
      `loopback addresses, at most ${SIGN_INS_PER_ADDRESS} sign-ins each from 127.0.0.2 upward (here ${addressesFor(total)} of them), which the`,
      `kernel sees as distinct clients. Baseline: argon2id \`verify\` of the same stored hash and password`,
      `alone, with the @node-rs/argon2 the account plugin loads, in the bench process. After ${p.warmup}`,
      `unmeasured pairs, ${p.samples} pairs alternate verify, sign-in, verify, sign-in, ...; p50 and p95 by`,
      `nearest rank. "CPU per sign-in" is the kernel's user + system time (all threads, \`/proc\`) over`,
      `the measured sign-ins divided by their number; for the baseline, the bench process's CPU time`,
      `around each verification. Afterwards, login step 1 calls from 127.0.0.1 must meet a 429 within`,
      `${LIMIT_CHECK_CALLS}, or the run fails: the limit was on while it was measured.`,
    ].join('\n')
  },
  async run(context) {
    const p = plan(context.quick)
    context.log('sign-in: migrating and seeding a DATA_DIR, adding an account')
    const site = await accountSite(context, 'sign-in-')
    const cost = parseArgon2Hash(site.passwordHash)
    const verify = pluginArgon2Verify(context.root)
    return withAccountKernel(context, site, async (kernel) => {
      const port = kernel.port
      let sent = 0

      const timedSignIn = async (): Promise<number> => {
        const address = signInAddress(sent++)
        const begun = performance.now()
        const answer = await postLogin(port, ADMIN, address)
        const ms = performance.now() - begun
        sessionHeaders(answer)
        const account = JSON.parse(answer.body) as { email?: unknown }
        if (account.email !== ADMIN.email)
          throw new Error(`sign-in from ${address} answered ${answer.body.slice(0, 300)}`)
        return ms
      }
      const timedVerify = async (): Promise<{ ms: number; cpuMs: number }> => {
        const cpu = process.cpuUsage()
        const begun = performance.now()
        const matches = await verify(site.passwordHash, ADMIN.password)
        const ms = performance.now() - begun
        const used = process.cpuUsage(cpu)
        if (!matches) throw new Error('the stored hash does not verify the bench password')
        return { ms, cpuMs: (used.user + used.system) / 1000 }
      }

      const pairs = await alternatePairs(context, 'sign-in', p, timedVerify, async () => {
        // The kernel is idle between sign-ins, so its CPU time over one is that sign-in's.
        const before = cpuTimeMs(kernel.pid)
        const ms = await timedSignIn()
        const after = cpuTimeMs(kernel.pid)
        return { ms, cpuMs: after.userMs - before.userMs + after.systemMs - before.systemMs }
      })
      const signIns = pairs.map((pair) => pair.kernel.ms)
      const verifications = pairs.map((pair) => pair.baseline.ms)
      const verifyCpuMs = pairs.reduce((sum, pair) => sum + pair.baseline.cpuMs, 0)
      const kernelCpuMs = pairs.reduce((sum, pair) => sum + pair.kernel.cpuMs, 0)

      const refusedAt = await firstRefusal(port)

      const ms = (value: number) => ({ value, unit: 'ms' as const })
      const signInP50 = percentile(signIns, 50)
      const signInP95 = percentile(signIns, 95)
      const verifyP50 = percentile(verifications, 50)
      const verifyP95 = percentile(verifications, 95)
      const signInCpu = kernelCpuMs / p.samples
      const verifyCpu = verifyCpuMs / p.samples
      const costText = describeArgon2Cost(cost)
      const addresses = addressesFor(sent)
      return {
        rows: [
          comparedRow('latency p50, one request at a time', ms(signInP50), ms(verifyP50)),
          comparedRow('latency p95, one request at a time', ms(signInP95), ms(verifyP95)),
          comparedRow('CPU per sign-in (user + sys)', ms(signInCpu), ms(verifyCpu)),
        ],
        targets: [
          {
            goal: 'Sign-in step 2 (POST /query/account/login, one argon2id verification), requests one at a time: p50 under 150 ms',
            measured: `p50 ${formatMeasure(ms(signInP50))}, p95 ${formatMeasure(ms(signInP95))} (${costText}; the verification alone p50 ${formatMeasure(ms(verifyP50))})`,
            pass: signInP50 < SIGN_IN_TARGET_MS,
          },
        ],
        notes: [
          `Hash cost, read from the hash \`user add\` stored: ${costText}. ${sent} sign-ins (${p.warmup} unmeasured) from ${addresses} loopback address${addresses === 1 ? '' : 'es'}, all 200. Afterwards, step 1 call ${refusedAt} from one address answered 429: the per-address limit was on.`,
        ],
        kernelRequests: sent,
        raw: {
          plan: p,
          hashCost: cost,
          signInsPerAddress: SIGN_INS_PER_ADDRESS,
          addresses,
          limitCheck: { firstRefusedStep1Call: refusedAt },
          setupMs: site.setupMs,
          signInMs: signIns,
          verifyMs: verifications,
          cpuMsPerSignIn: signInCpu,
          cpuMsPerVerify: verifyCpu,
        },
      }
    })
  },
}
