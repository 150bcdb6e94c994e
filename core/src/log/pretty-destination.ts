import pretty from 'pino-pretty'
import type { Destination } from './log-tap.js'

/**
 * What a person reads of one JSON log line: a request (the access log's `request` line) as its
 * method, address, status and milliseconds in the message; anything else as it is; a line that is
 * not JSON as its text.
 */
export function readableEntry(line: string): string | Record<string, unknown> {
  let entry: unknown
  try {
    entry = JSON.parse(line)
  } catch {
    return `${line}\n`
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `${line}\n`
  const { msg, method, url, status, ms } = entry as Record<string, unknown>
  if (msg !== 'request' || typeof method !== 'string') return entry as Record<string, unknown>
  const { level, time } = entry as Record<string, unknown>
  return { level, time, msg: `${method} ${String(url)} ${String(status)} ${String(ms)} ms` }
}

/**
 * The process log on a terminal (LOG_FORMAT=pretty, docs/operations.md, "Logs"): one line per
 * entry, the time, the level and the message, then the rest of the entry on the same line; pid
 * and hostname left out, as a terminal shows one process. In the process, not a worker: pino's
 * transports take no functions, and a terminal's few lines a second cost nothing. Colours follow
 * the terminal and NO_COLOR (pino-pretty's default).
 */
export function prettyDestination(fd: 1 | 2): Destination {
  const prettify = pretty.prettyFactory({
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname',
  })
  const out = fd === 2 ? process.stderr : process.stdout
  return {
    // A chunk may hold several lines: the access log writes its batch at once.
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(prettify(readableEntry(line)))
    },
  }
}
