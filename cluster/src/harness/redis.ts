import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import { exited, freePort, OutputBuffer, running, track, waitFor } from './processes.js'

/** The cluster's own Redis, as tests see it. */
export interface ClusterRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string
  /** REDIS_PREFIX of every app node. */
  prefix: string
  /**
   * SIGKILL. What it acknowledged is kept: it runs as docs/operations.md ("Redis") advises, with an
   * append-only file synced at every write (`--appendonly yes --appendfsync always`).
   */
  kill(): Promise<void>
  /** Starts it again on the same port from its append-only file; resolves when it answers PING. */
  start(): Promise<void>
  /** kill() then start(). */
  restart(): Promise<void>
  /** The running server's process id, undefined when stopped. */
  pid(): number | undefined
}

/** Sends PING over a plain socket; true when it answers PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    let answer = ''
    const done = (ok: boolean): void => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1_000, () => done(false))
    socket.on('error', () => done(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'))
    })
  })
}

/**
 * A redis-server on a free port, persistent as docs/operations.md ("Redis") advises for sessions:
 * no RDB snapshots, an append-only file in its folder (of the cluster's temp folder) synced at every
 * write, so a restart keeps every session it acknowledged.
 */
export class RedisServer implements ClusterRedis {
  private child: ChildProcess | undefined
  private readonly output = new OutputBuffer(256 * 1024)

  private constructor(
    private readonly port: number,
    private readonly directory: string,
    readonly prefix: string,
  ) {}

  static async create(directory: string, prefix: string): Promise<RedisServer> {
    fs.mkdirSync(directory, { recursive: true })
    return new RedisServer(await freePort(), directory, prefix)
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`
  }

  log(): string {
    return this.output.tail()
  }

  async start(): Promise<void> {
    if (running(this.child)) return
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--dir',
        this.directory,
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: false },
    )
    track(child)
    this.child = child
    child.stdout!.on('data', (chunk: Buffer) => this.output.append(chunk))
    child.stderr!.on('data', (chunk: Buffer) => this.output.append(chunk))
    child.on('error', (error) => this.output.append(`spawn failed: ${error.message}\n`))
    await waitFor(`Redis on port ${this.port}`, () => ping(this.port), {
      timeoutMs: 20_000,
      intervalMs: 100,
      abort: () => (running(child) ? null : `redis-server exited:\n${this.log()}`),
    })
  }

  pid(): number | undefined {
    return running(this.child) ? this.child!.pid : undefined
  }

  async kill(): Promise<void> {
    if (this.child) await exited(this.child, 'SIGKILL')
  }

  async restart(): Promise<void> {
    await this.kill()
    await this.start()
  }
}
