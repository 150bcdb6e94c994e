/**
 * The answers the cluster suites read (docs/api.md), written here rather than imported, so the
 * suites depend on the calls' documented answers, not on the plugins' sources; the log's types
 * come from the log plugin's shared entry.
 */
import type { LogLine, LogPage } from '@shopwright/plugin-log/shared'

export type { LogLine, LogPage }

export interface AccountAnswer {
  type: string
  id: string
  email: string
}

export interface RecordAnswer {
  type: string
  id: string
  [field: string]: unknown
}

export interface MemoryNode {
  id: string
  host: string
  pid: number
  self: boolean
  started: number
  caches: Array<{ type: string; memoryType: string; entries: number }>
}

export interface MemoryList {
  nodes: MemoryNode[]
  types: Array<{ type: string; caches: string[] }>
  redis: string
}

export interface ClearAnswer {
  cleared: string[]
  caches: Record<string, string[]>
  nothing: string[]
  nodes: { asked: number; confirmed: number; redis: string }
}

/** A log line's text parts, joined. */
export function textOf(line: LogLine): string {
  return line.message
    .filter((part) => part.kind === 'text')
    .map((part) => part.text)
    .join(' ')
}

export interface DriveEntry {
  name: string
  path: string
  type: 'file' | 'folder'
  size: number
  hash?: string
}

export interface DriveList {
  list: DriveEntry[]
  nextpage: string | null
}

export interface SessionDetail {
  id: string
  confirmed: boolean
  robot: boolean
  pages: Array<{ href: string; entry: string; exit: string; scroll: number }>
}

export interface Keyed {
  key: string
  value: number
}

export interface TrafficInsights {
  type: 'trafficinsights'
  id: string
  days: string[]
  traffic: Keyed[]
  errors: Keyed[]
  newsessions: Keyed[]
  returningsessions: Keyed[]
  browsers: Keyed[]
  entrypages: Keyed[]
  routes: Keyed[]
  errormessages: Keyed[]
}

/** The value of a key in a keyed series (undefined without one). */
export function valueOf(series: readonly Keyed[] | undefined, key: string): number | undefined {
  return series?.find((entry) => entry.key === key)?.value
}

export interface BillingDetails {
  month: string
  list: Array<{ date: string; meter: string; usage: number; cost: number }>
  summary: Array<{ meter: string; usage: number; cost: number }>
  total: number
  today: string | null
}

export interface PlacedOrder {
  order: { id: string; tranid: string }
  invoice: { id: string; tranid: string }
  total: number
}

export interface CartAnswer {
  lines: Array<{ item: string; quantity: number; purchasable: boolean }>
  purchasable: boolean
}
