import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ImageDecodeError, ImageTimeoutError } from './image-errors.js'

/** The script a resize process runs: beside this file in the sources, beside index.js in dist. */
const CHILD_SCRIPT = fileURLToPath(new URL('./resize-child.js', import.meta.url))

/** Milliseconds a new process may take to load sharp and say it is ready. */
const STARTUP_LIMIT_MS = 30_000

/** Milliseconds an idle process is kept for the next resize: a process costs some tens of MB. */
const IDLE_MS = 30_000

/** A resize's size and output format, as the child takes it. */
export interface ChildTarget {
  width: number
  height: number
  format: 'jpeg' | 'png' | 'webp'
}

type Reply = { ok: true; bytes: Uint8Array } | { ok: false; message: string }

interface Worker {
  child: ChildProcess
  idle?: NodeJS.Timeout
}

export interface ResizeProcessesOptions {
  /** Milliseconds one resize may take once its process has the source (DRIVE_RESIZE_TIMEOUT). */
  deadlineMs: number
  /** Milliseconds an idle process waits for another resize before it is stopped. */
  idleMs?: number
}

/**
 * Runs each resize in a child process of its own (resize-child.js) and kills the process when the
 * resize passes its deadline (docs/drive.md, "Resized images"). libvips checks sharp's timeout only
 * as the output image advances, so one long step (a 1 x 40,000,000 PNG took 53 s under a 30 s
 * timeout) runs to its end; a worker thread cannot stop it either (terminating one waits for the
 * native work it started in the thread pool). A killed process stops at once and the system takes
 * back all its memory. Processes are kept while resizes come and stopped after IDLE_MS without
 * one; at most as many exist as resizes run at once (ResizeSlots bounds them). While idle they
 * hold no reference, so they never keep a command or a test run alive.
 */
export class ResizeProcesses {
  private readonly idle: Worker[] = []
  private readonly busy = new Set<Worker>()
  private closed = false
  /** The ids of processes killed at the deadline, latest last (tests check they are gone). */
  readonly killed: number[] = []
  readonly deadlineMs: number
  private readonly idleMs: number

  constructor(options: ResizeProcessesOptions) {
    this.deadlineMs = options.deadlineMs
    this.idleMs = options.idleMs ?? IDLE_MS
  }

  /** The ids of the processes alive now, idle or resizing. */
  get pids(): number[] {
    return [...this.idle, ...this.busy].map((worker) => worker.child.pid!)
  }

  /**
   * Resizes in a process: the encoded image, ImageDecodeError when libvips refuses the source,
   * ImageTimeoutError past the deadline (the process is then gone), an Error if it dies.
   */
  async resize(bytes: Buffer, target: ChildTarget, maxPixels: number): Promise<Buffer> {
    if (this.closed) throw new Error('the drive is stopping: no more resizes')
    const worker = this.idle.pop() ?? (await this.start())
    clearTimeout(worker.idle)
    this.busy.add(worker)
    hold(worker.child, true)
    let reply: Reply
    try {
      reply = await this.exchange(worker.child, { bytes, target, maxPixels })
    } catch (error) {
      this.busy.delete(worker)
      throw error
    }
    this.release(worker)
    if (!reply.ok) throw new ImageDecodeError(reply.message)
    return Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength)
  }

  /** Stops every process; resizes running then fail. */
  async close(): Promise<void> {
    this.closed = true
    const all = [...this.idle.splice(0), ...this.busy]
    await Promise.all(all.map((worker) => stop(worker.child)))
  }

  /** A new process, once it has loaded sharp. */
  private start(): Promise<Worker> {
    const child = fork(CHILD_SCRIPT, [], {
      // Not the parent's flags: a test runner's loaders or an inspector port are not the child's.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    return new Promise<Worker>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer)
        child.off('message', ready).off('exit', exited).off('error', fail)
        void stop(child)
        reject(error)
      }
      const ready = () => {
        clearTimeout(timer)
        child.off('exit', exited).off('error', fail)
        const worker: Worker = { child }
        // A process that dies while idle (killed from outside) is not handed a resize.
        child.once('exit', () => {
          clearTimeout(worker.idle)
          const at = this.idle.indexOf(worker)
          if (at >= 0) this.idle.splice(at, 1)
        })
        // Its failures reach the resize that sees them (a send's callback, the exit); an 'error'
        // without a listener would end this process.
        child.on('error', () => {})
        resolve(worker)
      }
      const exited = (code: number | null, signal: string | null) =>
        fail(new Error(`the resize process stopped as it started (${signal ?? code})`))
      const timer = setTimeout(
        () => fail(new Error(`the resize process was not ready in ${STARTUP_LIMIT_MS} ms`)),
        STARTUP_LIMIT_MS,
      )
      child.once('message', ready).once('exit', exited).once('error', fail)
    })
  }

  /** Sends one job and waits for its answer, killing the process at the deadline. */
  private exchange(
    child: ChildProcess,
    job: { bytes: Buffer; target: ChildTarget; maxPixels: number },
  ): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer)
        child.off('message', answered).off('exit', exited)
      }
      // resize-child.js answers each job once, with a Reply.
      const answered = (message: unknown) => {
        done()
        resolve(message as Reply)
      }
      const exited = (code: number | null, signal: string | null) => {
        done()
        reject(new Error(`the resize process stopped (${signal ?? code})`))
      }
      const timer = setTimeout(() => {
        done()
        if (child.pid !== undefined) this.killed.push(child.pid)
        if (this.killed.length > 100) this.killed.shift()
        // Answered once the process is gone, so its memory is back when the caller hears of it.
        void stop(child).then(() =>
          reject(
            new ImageTimeoutError(
              `The resize took more than ${this.deadlineMs} ms and was stopped.`,
            ),
          ),
        )
      }, this.deadlineMs)
      child.once('message', answered).once('exit', exited)
      child.send(job, (error) => {
        if (error) {
          done()
          void stop(child).then(() => reject(error))
        }
      })
    })
  }

  /** Back to the idle processes, stopped after idleMs without a resize. */
  private release(worker: Worker): void {
    this.busy.delete(worker)
    if (this.closed || !worker.child.connected) {
      void stop(worker.child)
      return
    }
    hold(worker.child, false)
    // Stopping it takes it out of the idle ones (the exit listener of start).
    worker.idle = setTimeout(() => void stop(worker.child), this.idleMs)
    worker.idle.unref()
    this.idle.push(worker)
  }
}

/** Whether the process (and its channel) keeps this one alive: only while it resizes. */
function hold(child: ChildProcess, held: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined
  if (held) {
    child.ref()
    channel?.ref()
  } else {
    child.unref()
    channel?.unref()
  }
}

/** Kills a process and waits until it is gone. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}
