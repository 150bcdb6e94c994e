import { formatBytes } from './sizes.js'

/** A stream progress bars are drawn on: stderr, or a stand-in in tests. */
export interface ProgressStream {
  isTTY?: boolean
  columns?: number
  write(text: string): unknown
}

/** One bar: advanced as work is done, ended once. */
export interface ProgressBar {
  /** Adds `items` done (and `bytes` moved, shown beside the count). */
  tick(items?: number, bytes?: number): void
  /** Draws the bar complete and moves to the next line. */
  end(): void
}

/** Makes bars; a no-op one where nobody watches (see progressFor). */
export interface Progress {
  /** `unit` bytes: `total` and each tick's items are bytes, drawn as sizes (`1.5 MB/2.2 MB`). */
  bar(label: string, total: number, unit?: 'items' | 'bytes'): ProgressBar
}

const SILENT_BAR: ProgressBar = { tick: () => undefined, end: () => undefined }
const SILENT: Progress = { bar: () => SILENT_BAR }

/** Redraws at most this often: a bar per record would cost more than the work on a fast disk. */
const REDRAW_MS = 100
const WIDTH = 24

/**
 * Progress bars on a terminal only: in a pipe, a file or a CI log, carriage returns would leave a
 * line per redraw, so there are none there, and none with NO_COLOR, which asks for plain output.
 * The summary at the end says what was done either way.
 */
export function progressFor(
  stream: ProgressStream,
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Progress {
  if (!stream.isTTY || env.NO_COLOR) return SILENT
  return { bar: (label, total, unit = 'items') => drawnBar(stream, label, total, now, unit) }
}

function drawnBar(
  stream: ProgressStream,
  label: string,
  total: number,
  now: () => number,
  unit: 'items' | 'bytes' = 'items',
): ProgressBar {
  let done = 0
  let bytes = 0
  let drawn = -Infinity
  let ended = false
  const draw = (): void => {
    const share = total > 0 ? Math.min(1, done / total) : 1
    const filled = Math.round(share * WIDTH)
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(
      Math.floor(share * 100),
    ).padStart(3)}% ${
      unit === 'bytes'
        ? `${formatBytes(done)}/${formatBytes(total)}`
        : `${done}/${total}${bytes > 0 ? `  ${formatBytes(bytes)}` : ''}`
    }`
    // \r and "erase line" redraw in place; the line is cut to the terminal so it never wraps.
    stream.write(`\r\u001b[2K${line.slice(0, (stream.columns || 80) - 1)}`)
    drawn = now()
  }
  return {
    tick(items = 1, moved = 0) {
      if (ended) return
      done += items
      bytes += moved
      if (now() - drawn >= REDRAW_MS) draw()
    },
    end() {
      if (ended) return
      ended = true
      done = Math.max(done, total)
      draw()
      stream.write('\n')
    },
  }
}
