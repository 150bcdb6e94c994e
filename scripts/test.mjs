#!/usr/bin/env node
// `npm test`: builds, finds MariaDB and Redis, runs every suite (SQLite always; MariaDB and Redis
// when reachable; the browser suite in Chromium), and ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(fileURLToPath(import.meta.url), '../..')
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }
const args = process.argv.slice(2)
const ci = process.env.CI === 'true' || process.env.CI === '1'
/**
 * At most this many suites of one phase run at once unless SW_TEST_SUITES says otherwise. Two: the
 * browser phase runs the registry suite beside the browser suite (15.6 minutes for both with the
 * browser's two files at once, against about 19 one after the other, every test passing). The unit suite stays alone in its phase: beside it
 * the registry suite took 24 minutes instead of 9 and tests bound to time failed
 * (docs/contributing.md, "How long the tests take").
 */
const SUITES_AT_ONCE = 2

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function step(title) {
  console.log(`\n=== ${title}`)
}

function exec(command, commandArgs, options = {}) {
  return (
    spawnSync(command, commandArgs, { cwd: root, env, stdio: 'inherit', ...options }).status ?? 1
  )
}

step('build')
// With the type declarations: the scaffold test packs the packages and type-checks a project.
if (exec('npx', ['turbo', 'run', 'build', 'build:types', '--output-logs=errors-only']) !== 0) {
  console.log('0 passed, 1 failed')
  process.exit(1)
}

step('services')
const { probeMariaDb, probeRedis } = await import('./probe-services.mjs')
const mysqlUrl = process.env.SW_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test'
const redisUrl = process.env.SW_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const mysqlProblem =
  mysqlUrl === 'off' ? 'disabled by SW_TEST_MYSQL_URL=off' : await probeMariaDb(mysqlUrl)
const redisProblem =
  redisUrl === 'off' ? 'disabled by SW_TEST_REDIS_URL=off' : await probeRedis(redisUrl)
env.SW_TEST_MYSQL_URL = mysqlProblem ? '' : mysqlUrl
env.SW_TEST_REDIS_URL = redisProblem ? '' : redisUrl
console.log(
  mysqlProblem
    ? `MariaDB: SKIPPED - the MariaDB suites will not run (${mysqlProblem})`
    : `MariaDB: reachable at ${mysqlUrl} - every database suite runs on SQLite and MariaDB`,
)
console.log(
  redisProblem
    ? `Redis: SKIPPED - the Redis suites will not run (${redisProblem})`
    : `Redis: reachable at ${redisUrl} - cross-node suites run`,
)

const totals = { passed: 0, failed: 0, skipped: 0 }
// Names of what failed, repeated at the very end: CI keeps only the tail of a long log.
const failures = []
// In CI the database and cache suites are part of the contract: skipping them is a failure, so a
// green run always means they ran (.ci/run installs and starts both).
if (ci && (mysqlProblem || redisProblem)) {
  if (mysqlProblem) console.log('MariaDB: FAILED - CI=true and the MariaDB suites cannot run')
  if (redisProblem) console.log('Redis: FAILED - CI=true and the Redis suites cannot run')
  totals.failed += (mysqlProblem ? 1 : 0) + (redisProblem ? 1 : 0)
}
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-test-report-'))

function firstLine(messages) {
  const text = (messages ?? []).find(Boolean) ?? 'failed'
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? 'failed'
  )
}

/** Counts a finished suite's JSON report into the totals and the failures list. */
function count(name, status, report) {
  let counted = false
  if (fs.existsSync(report)) {
    const result = JSON.parse(fs.readFileSync(report, 'utf8'))
    totals.passed += result.numPassedTests
    totals.failed += result.numFailedTests
    totals.skipped += result.numPendingTests + result.numTodoTests
    for (const file of result.testResults ?? []) {
      const where = path.relative(root, file.name)
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
      for (const test of failed)
        failures.push(`${name}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages)}`)
      if (failed.length === 0 && file.status === 'failed')
        failures.push(`${name}: ${where}: ${firstLine([file.message])}`)
    }
    // A suite that failed to load has no failed test but a failed file.
    if (status !== 0 && result.numFailedTests === 0)
      totals.failed += Math.max(1, result.numFailedTestSuites)
    counted = true
  }
  if (!counted && status !== 0) {
    totals.failed += 1
    failures.push(`${name}: vitest ended with status ${status} and no report`)
  }
}

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`

/**
 * Runs one suite's vitest. Alone, its output goes straight to the terminal; beside others, into a
 * file printed whole when it ends, so suites' lines never interleave.
 */
function runSuite(suite, alone) {
  const report = path.join(reportDir, `${suite.name}.json`)
  const log = path.join(reportDir, `${suite.name}.log`)
  const vitestArgs = [
    'vitest',
    'run',
    ...suite.args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ]
  const began = Date.now()
  if (alone) step(suite.name)
  else console.log(`\n=== ${suite.name}: started beside the others`)
  return new Promise((resolve) => {
    const out = alone ? 'inherit' : fs.openSync(log, 'w')
    const child = spawn('npx', vitestArgs, { cwd: root, env, stdio: ['ignore', out, out] })
    child.on('close', (code) => {
      if (!alone) {
        fs.closeSync(out)
        step(`${suite.name} (ended after ${minutes(Date.now() - began)})`)
        process.stdout.write(fs.readFileSync(log, 'utf8'))
      } else console.log(`${suite.name}: ${minutes(Date.now() - began)}`)
      count(suite.name, code ?? 1, report)
      resolve()
    })
  })
}

/**
 * The suites in the order they start. `phase`: suites of one phase run side by side (up to
 * SW_TEST_SUITES at once), and a phase starts once the one before has ended.
 */
const suites = [{ name: 'unit and integration', args: [], phase: 1 }]
// Beside the browser suite: it installs, builds and type-checks a project, mostly waiting on npm
// while the browser suite drives its two browsers.
const registry = {
  name: 'registry',
  args: ['--config', 'create-shopwright/vitest.config.ts'],
  phase: 2,
}

const chromium = '/usr/bin/chromium'
if (fs.existsSync(chromium)) {
  // Alone: Chromium and its server beside the unit suite made tests bound to time miss.
  suites.push({ name: 'browser', args: ['--config', 'e2e/vitest.config.ts'], phase: 2 })
} else if (ci) {
  console.log(
    `\nBrowser suite: FAILED - ${chromium} is missing (.ci/run installs it with apt-get install -y chromium)`,
  )
  totals.failed += 1
} else {
  console.log(
    `\nBrowser suite: SKIPPED - ${chromium} is missing; install it with: apt-get install -y chromium`,
  )
}

suites.push(registry)

// The cluster suite (cluster/): three Galera nodes, Redis, an S3 server and two app nodes behind a
// proxy, all started by the suite itself. The same parts as clusterUnavailable() in
// cluster/src/harness/index.ts.
const clusterMissing = [
  fs.existsSync('/usr/sbin/mariadbd')
    ? null
    : '/usr/sbin/mariadbd (apt-get install mariadb-server)',
  fs.existsSync('/usr/lib/galera/libgalera_smm.so')
    ? null
    : '/usr/lib/galera/libgalera_smm.so (apt-get install galera-4)',
  onPath('mariabackup') ? null : 'mariabackup (apt-get install mariadb-backup)',
  onPath('redis-server') ? null : 'redis-server (apt-get install redis-server)',
].filter(Boolean)
if (clusterMissing.length === 0) {
  // Alone, after the others: its failure drills hold calls to time limits of 2 s, which a machine
  // busy with the other suites misses (a healthy node's calls took 3 s beside the unit suite).
  suites.push({ name: 'cluster', args: ['--config', 'cluster/vitest.config.ts'], phase: 3 })
} else if (ci) {
  console.log(
    `\nCluster suite: FAILED - missing ${clusterMissing.join(', ')} (.ci/run installs them)`,
  )
  totals.failed += 1
} else {
  console.log(`\nCluster suite: SKIPPED - missing ${clusterMissing.join(', ')}`)
}

// The suites are independent (each makes its own databases, ports and folders), and they often
// wait: on databases, child processes, browsers. SW_TEST_SUITES (default SUITES_AT_ONCE) says how
// many of one phase run at once; the next starts when one ends (docs/contributing.md, "Tests").
const atOnce = Number(process.env.SW_TEST_SUITES || SUITES_AT_ONCE)
if (!Number.isInteger(atOnce) || atOnce < 1) {
  console.log(`SW_TEST_SUITES must be a whole number from 1: ${process.env.SW_TEST_SUITES}`)
  process.exit(2)
}
const began = Date.now()
const phases = [...new Set(suites.map((suite) => suite.phase))].sort((a, b) => a - b)
const plan = []
for (const phase of phases) {
  const waiting = suites.filter((suite) => suite.phase === phase)
  const inTurn = atOnce === 1 || waiting.length === 1
  plan.push(waiting.map((suite) => suite.name).join(inTurn ? ', then ' : ' beside '))
  await Promise.all(
    Array.from({ length: Math.min(atOnce, waiting.length) }, async () => {
      for (let suite = waiting.shift(); suite; suite = waiting.shift())
        await runSuite(suite, inTurn)
    }),
  )
}
console.log(`\nSuites: ${minutes(Date.now() - began)} (${plan.join('; then ')})`)

fs.rmSync(reportDir, { recursive: true, force: true })
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
