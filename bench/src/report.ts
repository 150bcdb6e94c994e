import os from 'node:os'
import type { ScenarioResult } from './scenario.js'
import type { ProfileSummary } from './profile.js'

/** The machine a run happened on; figures from different machines are not comparable. */
export interface Machine {
  nproc: number
  cpu: string
  memoryGiB: number
  node: string
  os: string
  /** 1, 5 and 15 minute load averages when the run began: a busy machine shows here. */
  loadAverage: number[]
}

/** One scenario's outcome as stored in bench/results/*.json and rendered into the docs. */
export interface ScenarioReport extends ScenarioResult {
  name: string
  title: string
  method: string
  seconds: number
}

/** A whole run: what bench/results/<timestamp>.json holds. */
export interface BenchReport {
  date: string
  quick: boolean
  seconds: number
  machine: Machine
  scenarios: ScenarioReport[]
  /** `--profile`: the kernel children's CPU profiles, summarised. */
  profiles?: Array<ProfileSummary & { file: string; requests: number | undefined }>
}

/** Describes this machine. */
export function describeMachine(): Machine {
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  }
}

/** `2026-11-22T05-20-31Z`: a date that sorts and is a valid file name everywhere. */
export function fileStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')
}
