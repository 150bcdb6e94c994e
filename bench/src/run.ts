/**
 * `npm run bench`: runs every scenario, prints a table, writes bench/results/<timestamp>.json and,
 * for a full run, rewrites docs/benchmarks.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Children } from './children.js'
import { renderTextTable } from './format.js'
import { renderDocsPage } from './docs-page.js'
import { describeMachine, fileStamp, type BenchReport, type ScenarioReport } from './report.js'
import type { BenchContext } from './scenario.js'
import { scenarios } from './scenarios/index.js'
import { builtBaselineScript } from './servers.js'
import { profileFiles, renderProfileSummary, summariseProfile, type CpuProfile } from './profile.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    docs: { type: 'boolean' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (flags.help) {
  process.stdout.write(
    [
      'node bench/dist/run.js [--quick] [--only name,name] [--docs] [--keep] [--profile]',
      `  scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
      '  --quick   shorter rounds, fewer repetitions (smoke run)',
      '  --only    run some scenarios',
      '  --docs    rewrite docs/benchmarks.md (default: only on a full run of every scenario)',
      '  --keep    keep the temporary folders and server logs',
      '  --profile run the servers with --cpu-prof; print their top functions (docs left alone)',
      '',
    ].join('\n'),
  )
  process.exit(0)
}

const children = new Children()
const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shopwright-bench-'))
const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`)
}

// A failed run keeps its folders: the error message points at the servers' logs there.
let keepTemp = flags.keep ?? false

function removeTemp(): void {
  if (keepTemp) return
  fs.rmSync(tempRoot, { recursive: true, force: true })
}

// Whatever happens, no server outlives the run.
process.on('exit', () => {
  children.killAll()
  removeTemp()
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping ${children.size} child process(es)`)
    // A second signal, or children that ignore SIGTERM, end in the 'exit' handler's SIGKILL.
    process.once(signal, () => process.exit(130))
    void children.stopAll(2_000).finally(() => process.exit(130))
  })
}

function selected(): typeof scenarios {
  if (!flags.only) return scenarios
  const names = flags.only
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const unknown = names.filter((name) => !scenarios.some((scenario) => scenario.name === name))
  if (unknown.length) {
    throw new Error(
      `unknown scenario(s) ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`,
    )
  }
  return scenarios.filter((scenario) => names.includes(scenario.name))
}

async function main(): Promise<void> {
  const chosen = selected()
  const quick = flags.quick ?? false
  const profiling = flags.profile ?? false
  // A profiled kernel is slower: its figures never land in the docs unless --docs says so.
  const writeDocs = flags.docs ?? (!quick && !profiling && chosen.length === scenarios.length)
  const started = new Date()
  const resultsDir = path.join(root, 'bench/results')
  const resultsStem = path.join(resultsDir, fileStamp(started))
  const profileDir = profiling ? `${resultsStem}-profiles` : undefined
  const context: BenchContext = {
    quick,
    root,
    cliBin: path.join(root, 'cli/bin/shopwright.js'),
    bareKoaServer: path.join(here, 'bare-koa-server.js'),
    naiveListServer: path.join(here, 'naive-list-server.js'),
    resultsStem,
    ...(profileDir ? { profileDir } : {}),
    children,
    tempDir: (prefix) => fs.promises.mkdtemp(path.join(tempRoot, prefix)),
    log,
  }
  for (const file of [
    context.cliBin,
    path.join(root, 'cli/dist/index.js'),
    context.bareKoaServer,
    context.naiveListServer,
    builtBaselineScript(context, 'plain-write'),
    builtBaselineScript(context, 'bare-search'),
  ]) {
    if (!fs.existsSync(file))
      throw new Error(`${file} is missing: build first (npm run bench builds everything)`)
  }

  const machine = describeMachine()
  log(
    `${chosen.length} scenario(s)${quick ? ', quick' : ''} on ${machine.nproc} cores, node ${machine.node}, load ${machine.loadAverage.join(' ')}`,
  )
  const reports: ScenarioReport[] = []
  for (const scenario of chosen) {
    const begun = performance.now()
    const result = await scenario.run(context)
    reports.push({
      name: scenario.name,
      title: scenario.title,
      method: scenario.method(quick),
      seconds: (performance.now() - begun) / 1000,
      ...result,
    })
    if (children.size)
      throw new Error(`scenario ${scenario.name} left ${children.size} child process(es) running`)
  }

  const report: BenchReport = {
    date: started.toISOString(),
    quick,
    seconds: (Date.now() - started.getTime()) / 1000,
    machine,
    scenarios: reports,
  }
  if (profileDir && fs.existsSync(profileDir)) {
    // Every kernel has exited by now (each scenario stops its own), so its profile is written.
    // Folders are named <scenario>-<random>-<log name>: the scenario's request counts give µs/request.
    report.profiles = profileFiles(profileDir).map((file) => {
      const folder = path.basename(path.dirname(file))
      const scenario = reports.find((r) => folder.startsWith(`${r.name}-`))
      const requests = folder.endsWith('-kernel')
        ? scenario?.kernelRequests
        : scenario?.baselineRequests
      const summary = summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile)
      process.stdout.write(
        `\n${renderProfileSummary(path.relative(process.cwd(), file), summary, requests)}`,
      )
      return { file: path.relative(root, file), requests, ...summary }
    })
  }
  process.stdout.write(
    `\n${renderTextTable(
      reports,
      reports.flatMap((r) => r.targets),
    )}`,
  )

  fs.mkdirSync(resultsDir, { recursive: true })
  const resultsFile = `${resultsStem}.json`
  fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`)
  process.stdout.write(`\nRaw figures: ${path.relative(process.cwd(), resultsFile)}\n`)
  if (writeDocs) {
    const docsFile = path.join(root, 'docs/benchmarks.md')
    fs.writeFileSync(docsFile, renderDocsPage(report))
    process.stdout.write(`Rewrote ${path.relative(process.cwd(), docsFile)}\n`)
  } else {
    process.stdout.write(
      'docs/benchmarks.md left as it is (not a full run; --docs rewrites it anyway)\n',
    )
  }
  if (flags.keep) process.stdout.write(`Temporary folders and server logs kept in ${tempRoot}\n`)
}

main().then(
  async () => {
    await children.stopAll()
  },
  async (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    // A driver error can quote a whole statement: keep the start, which says what failed.
    const shown =
      message.length > 2_000
        ? `${message.slice(0, 2_000)}... (${message.length} characters)`
        : message
    process.stderr.write(`[bench] failed: ${shown}\n`)
    process.exitCode = 1
    keepTemp = fs.readdirSync(tempRoot).length > 0
    if (keepTemp)
      process.stderr.write(`[bench] temporary folders and server logs kept in ${tempRoot}\n`)
    await children.stopAll()
  },
)
