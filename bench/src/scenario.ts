import type { Children } from './children.js'

/** A measured value with its unit; the unit decides how it is printed. */
export interface Measure {
  value: number
  unit: 'req/s' | 'ms' | 's' | 'µs' | 'MB' | 'KB' | 'MB/s' | 'records/s' | 'score'
}

/** One line of the results table: Shopwright's figure, the same-run baseline's, and their ratio. */
export interface ResultRow {
  metric: string
  shopwright: Measure
  baseline?: Measure
  /** shopwright / baseline, when the pair is comparable. */
  ratio?: number
}

/** A target from the issue, checked against this run's figures. */
export interface TargetCheck {
  /** The target as the issue words it. */
  goal: string
  /** What this run measured, ready to print. */
  measured: string
  pass: boolean
}

/** What a scenario hands back: the table rows, the target checks, and raw data for the JSON file. */
export interface ScenarioResult {
  rows: ResultRow[]
  targets: TargetCheck[]
  /** Extra lines for docs/benchmarks.md, such as the spread between rounds. */
  notes?: string[]
  /** How many requests the kernel answered under load (warm-up included), if it was loaded. */
  kernelRequests?: number
  /** The same for the baseline server. */
  baselineRequests?: number
  raw: unknown
}

/** What every scenario gets from the runner. */
export interface BenchContext {
  /** `--quick`: shorter rounds and fewer repetitions, for a smoke run. */
  quick: boolean
  /** The monorepo root. */
  root: string
  /** `cli/bin/shopwright.js`. */
  cliBin: string
  /** The built bare Koa server script (bench/dist/bare-koa-server.js). */
  bareKoaServer: string
  /** The built naive list server script (bench/dist/naive-list-server.js). */
  naiveListServer: string
  /**
   * `bench/results/<timestamp>`: the run's JSON file is this plus `.json`; a scenario that keeps
   * files of its own (Lighthouse's reports) puts them in a folder named this plus `-<scenario>`.
   */
  resultsStem: string
  /** `--profile`: server children run with `--cpu-prof` and write their profiles under here. */
  profileDir?: string
  /** Every child process goes through here so the runner can kill them all on exit or Ctrl+C. */
  children: Children
  /** A fresh temporary folder, removed when the run ends. */
  tempDir(prefix: string): Promise<string>
  /** Progress line on stderr. */
  log(message: string): void
}

/** A benchmark: one file under scenarios/, listed in scenarios/index.ts. */
export interface Scenario {
  /** Short id, used by `--only` and as the key in the JSON file. */
  name: string
  /** Heading in the table and in docs/benchmarks.md. */
  title: string
  /** How it is measured, in Markdown, for docs/benchmarks.md. */
  method(quick: boolean): string
  run(context: BenchContext): Promise<ScenarioResult>
}
