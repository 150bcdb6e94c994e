// The first build as `npm start` shows it (docs/cli.md, "npm start in the repository"): which
// package, how many of how many, how long so far, then one line; the build's own output only when
// it fails. Run by scripts/start.mjs.
import { spawn, spawnSync } from 'node:child_process'

/**
 * A task turbo has finished, from the header line of its logs: with `--log-order=grouped` a task's
 * lines come together once it ends, headed `<package>:build: cache hit, ...` (up to date) or
 * `cache miss, executing ...` / `cache bypass, ...` (built now). Null for any other line.
 */
export function finishedTask(line) {
  const match = /^(\S+?):build: cache (hit|miss|bypass)/.exec(line)
  return match ? { name: match[1], built: match[2] !== 'hit' } : null
}

/** `12 s`, `1 min 05 s`. */
export function formatElapsed(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
}

/** The line redrawn while the build runs. */
export function progressText({ done, total, last, elapsedMs }) {
  const where = last ? ` · last done: ${last}` : ''
  return `Building Shopwright: ${done} of ${total} packages${where} · ${formatElapsed(elapsedMs)}`
}

/** The line left when the build is done. */
export function doneText({ total, built, elapsedMs }) {
  const fresh = total - built
  return built === 0
    ? `Shopwright is built: ${total} packages up to date (${formatElapsed(elapsedMs)})`
    : `Built ${built} of ${total} packages (${fresh} up to date) in ${formatElapsed(elapsedMs)}`
}

/** How many build tasks turbo plans for the filter (its dry run), or null when it cannot tell. */
function plannedTasks(root, filter, env) {
  const dry = spawnSync('npx', ['turbo', 'run', 'build', `--filter=${filter}`, '--dry=json'], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  try {
    return JSON.parse(dry.stdout).tasks.length
  } catch {
    return null
  }
}

/**
 * Builds the packages `filter` names with turbo, drawing the progress on `stream` when it is a
 * terminal (a line a second otherwise would fill a supervisor's log: there, one line at the start
 * and one at the end). Resolves with turbo's exit code; on a failure the build's output is printed.
 */
export async function buildWithProgress({
  root,
  filter,
  stream = process.stderr,
  env = process.env,
}) {
  const begun = Date.now()
  const total = plannedTasks(root, filter, env) ?? 0
  const live = stream.isTTY === true
  let done = 0
  let built = 0
  let last = ''
  const draw = () => {
    if (live)
      stream.write(
        `\r\u001b[2K${progressText({ done, total, last, elapsedMs: Date.now() - begun })}`,
      )
  }
  if (!live) stream.write(`Building Shopwright (${total} packages)...\n`)
  draw()
  const timer = setInterval(draw, 1000)
  const child = spawn(
    'npx',
    [
      'turbo',
      'run',
      'build',
      `--filter=${filter}`,
      '--output-logs=new-only',
      '--log-order=grouped',
      '--ui=stream',
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  let pending = ''
  const hear = (chunk) => {
    const text = chunk.toString()
    output += text
    pending += text
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const task = finishedTask(line.trim())
      if (!task) continue
      done++
      if (task.built) built++
      last = task.name
      draw()
    }
  }
  child.stdout.on('data', hear)
  child.stderr.on('data', hear)
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('close', (status) => resolve(status ?? 1))
  })
  clearInterval(timer)
  if (live) stream.write('\r\u001b[2K')
  if (code !== 0) {
    stream.write(`${output}\nThe build failed (turbo exited with ${code}): its output is above.\n`)
    return code
  }
  stream.write(`${doneText({ total: total || done, built, elapsedMs: Date.now() - begun })}\n`)
  return 0
}
