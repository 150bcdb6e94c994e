/**
 * The security record of the log: view lists it, delete clears it (the sample company's: allmanagers
 * view and delete, development views).
 */
export const LOG_SECURITY = 'log'

/**
 * Lines on a page of `GET /query/log/list` without `pagesize` (the Log screen asks the
 * `pagination` configuration's admin list size).
 */
export const LOG_PAGE_SIZE = 50
/** The most lines one `GET /query/log/list` answers. */
export const MAX_LOG_PAGE_SIZE = 1000

/** A line's level: `info` for record changes (and the log's own notes), the process log's others. */
export const LOG_LEVELS = ['info', 'warn', 'error', 'fatal'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** pino's number of each level, as the table stores it. */
export const LEVEL_NUMBERS: Readonly<Record<LogLevel, number>> = {
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
}

/** The name of a level number; anything unknown is the nearest level below it. */
export function levelName(level: number): LogLevel {
  if (level >= 60) return 'fatal'
  if (level >= 50) return 'error'
  if (level >= 40) return 'warn'
  return 'info'
}

/** What wrote a line: the records plugin (a record change) or the server's process log. */
export type LogSource = 'record' | 'server'

/** The type of every server line; its name is `server.<plugin>` or `server.kernel`. */
export const SERVER_TYPE = 'server'

/** A JSON value in an object part: other values arrive as texts (`12n`, `[Function f]`). */
export type LogValue = null | boolean | number | string | LogValue[] | { [key: string]: LogValue }

/**
 * One typed part of a line's message (the parts table in plugins/log/README.md, "Calls"): the
 * screen shows each as what it is, a stack folded and an object as a tree. `label` names the field a part came from.
 */
export type LogPart =
  | { kind: 'text'; text: string }
  | { kind: 'bignumber'; label?: string; value: string }
  | { kind: 'error'; label?: string; name: string; message: string; code?: string }
  | { kind: 'stack'; text: string }
  | { kind: 'context'; values: Record<string, string | number | boolean | null> }
  | { kind: 'function'; label?: string; name: string }
  | { kind: 'class'; label?: string; name: string }
  | { kind: 'object'; label?: string; value: LogValue }

/** One line of `GET /query/log/list`. */
export interface LogLine {
  /** The line's position in the log: later lines have larger ids. */
  id: string
  /** When it happened (ISO). */
  time: string
  level: LogLevel
  source: LogSource
  /** The record type, or `server`. */
  type: string
  /** `type.id`: the record, or `server.<plugin>`. */
  name: string
  /** Who did it: `type|id` of an account, `system` or `anonymous`. */
  actor: string
  message: LogPart[]
}

/** What `GET /query/log/list[/{type.id}]` answers. */
export interface LogPage {
  list: LogLine[]
  /** The token of the next (older) page, or null at the end. */
  nextpage: string | null
  /**
   * The token of the previous (newer) page, or null when that page is the first; `newer` says
   * whether there is one at all.
   */
  prevpage: string | null
  newer: boolean
  pagesize: number
}

/** The record a line names (`webpage.faq`), or null for a server line. */
export function recordOf(line: Pick<LogLine, 'source' | 'type' | 'name'>): {
  type: string
  id: string
} | null {
  if (line.source !== 'record') return null
  return { type: line.type, id: line.name.slice(line.type.length + 1) }
}

/** The account an actor names (`employee|7`), or null for `system` and `anonymous`. */
export function actorRecord(actor: string): { type: string; id: string } | null {
  const bar = actor.indexOf('|')
  if (bar <= 0 || bar === actor.length - 1) return null
  return { type: actor.slice(0, bar), id: actor.slice(bar + 1) }
}
