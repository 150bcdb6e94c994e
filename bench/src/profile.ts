import fs from 'node:fs'
import path from 'node:path'

/**
 * Summaries of a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file): where the process spent
 * its time, by function (self time) and by package. Pure, except profileFiles, which lists a folder.
 */

/** The parts of a .cpuprofile this reads. */
export interface CpuProfile {
  nodes: Array<{
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }
    children?: number[]
  }>
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/** A function or a package with the time spent in it. */
export interface TimeShare {
  name: string
  /** Milliseconds. */
  ms: number
  /** Share of all sampled time, 0-1. */
  share: number
}

/** A profile's total and its top functions and packages by self time. */
export interface ProfileSummary {
  totalMs: number
  /** Sampled time outside (idle): the process was busy for totalMs - idleMs. */
  idleMs: number
  functions: TimeShare[]
  packages: TimeShare[]
}

/**
 * Self time per sample: V8 records, for sample i, the time since the previous sample; the time a
 * sample stands for is the gap to the next one (the last sample gets the median-ish average).
 */
function sampleDurations(profile: CpuProfile): { ids: number[]; us: number[] } {
  const ids = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const us: number[] = []
  let sum = 0
  for (let i = 0; i < ids.length; i++) {
    const next = deltas[i + 1]
    const value = next !== undefined && next >= 0 ? next : Number.NaN
    us.push(value)
    if (Number.isFinite(value)) sum += value
  }
  const average = ids.length > 1 ? sum / (ids.length - 1) : 0
  return { ids, us: us.map((value) => (Number.isFinite(value) ? value : average)) }
}

/** Where a script lives: `pino`, `@koa/router`, `node:internal`, `core`, `plugins/records`, ... */
export function packageOf(url: string, functionName: string): string {
  if (!url) {
    // V8's own entries: (garbage collector), (program), (idle), (root).
    return functionName.startsWith('(') ? functionName : '(native)'
  }
  if (url.startsWith('node:')) return 'node:internal'
  const path = url.replace(/^file:\/\//, '')
  const modules = path.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const rest = path.slice(modules + '/node_modules/'.length).split('/')
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? path)
  }
  const workspace = /\/(core|cli|seeds|bench|e2e|plugins\/[^/]+)\/(?:dist|src)\//.exec(path)
  if (workspace) return workspace[1]!
  return path
}

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '')
  const modules = path.lastIndexOf('/node_modules/')
  if (modules >= 0) return path.slice(modules + '/node_modules/'.length)
  const workspace = /\/((?:core|cli|seeds|bench|e2e|plugins\/[^/]+)\/(?:dist|src)\/.*)$/.exec(path)
  return workspace ? workspace[1]! : path
}

function ranked(totals: Map<string, number>, allUs: number, top: number): TimeShare[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: us / 1000, share: allUs > 0 ? us / allUs : 0 }))
}

/** The top `top` functions (by self time, one line per function and place) and packages. */
export function summariseProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const { ids, us } = sampleDurations(profile)
  const functions = new Map<string, number>()
  const packages = new Map<string, number>()
  let allUs = 0
  let idleUs = 0
  for (let i = 0; i < ids.length; i++) {
    const node = byId.get(ids[i]!)
    if (!node) continue
    const time = us[i]!
    allUs += time
    const { functionName, url, lineNumber } = node.callFrame
    const name = functionName || '(anonymous)'
    if (name === '(idle)') {
      idleUs += time
      continue
    }
    const where = url ? ` ${shortUrl(url)}:${lineNumber + 1}` : ''
    const fn = `${name}${where}`
    functions.set(fn, (functions.get(fn) ?? 0) + time)
    const pkg = packageOf(url, name)
    packages.set(pkg, (packages.get(pkg) ?? 0) + time)
  }
  // Shares are of busy time: idle is reported apart.
  const busyUs = allUs - idleUs
  return {
    totalMs: allUs / 1000,
    idleMs: idleUs / 1000,
    functions: ranked(functions, busyUs, top),
    packages: ranked(packages, busyUs, top),
  }
}

/**
 * The summary as text for a terminal or a report. With `requests` (how many the process answered
 * while profiled), each line also shows microseconds per request.
 */
export function renderProfileSummary(
  title: string,
  summary: ProfileSummary,
  requests?: number,
): string {
  const percent = (share: number): string => `${(share * 100).toFixed(1).padStart(5)}%`
  const perRequest = (ms: number): string =>
    requests ? `${((ms * 1000) / requests).toFixed(2).padStart(7)} µs/req  ` : ''
  const line = (item: TimeShare): string =>
    `  ${percent(item.share)} ${item.ms.toFixed(0).padStart(7)} ms  ${perRequest(item.ms)}${item.name}`
  const busy = summary.totalMs - summary.idleMs
  const lines = [
    `${title}: ${(summary.totalMs / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy${requests ? `, ${requests} requests: ${((busy * 1000) / requests).toFixed(1)} µs busy per request` : ''}`,
    '  Self time by package (share of busy time)',
    ...summary.packages.map(line),
    '  Self time by function (share of busy time)',
    ...summary.functions.map(line),
  ]
  return `${lines.join('\n')}\n`
}

/** The .cpuprofile files under a path (the path itself when it is a file), sorted. */
export function profileFiles(where: string): string[] {
  if (!fs.statSync(where).isDirectory()) return [where]
  return fs
    .readdirSync(where, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort()
    .map((name) => path.join(where, name))
}
