import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import mysql from 'mysql2/promise'
import { freePort, OutputBuffer, exited, running, track, waitFor } from './processes.js'

const execFileAsync = promisify(execFile)

export const MARIADBD = '/usr/sbin/mariadbd'
export const GALERA_PROVIDER = '/usr/lib/galera/libgalera_smm.so'
/** The database every app node uses. */
export const DATABASE = 'shopwright'

/** One node of a Galera cluster, as tests see it. */
export interface GaleraNode {
  index: number
  port: number
  /** `mysql://root@127.0.0.1:<port>/shopwright` */
  url: string
  /** SIGKILL, resolves once the process is gone. */
  kill(): Promise<void>
  /** Starts it again (it rejoins the others through IST or SST); resolves once it is Synced. */
  start(): Promise<void>
  /** A `SHOW GLOBAL STATUS` value (`wsrep_cluster_size`...), '' when there is none. */
  status(name: string): Promise<string>
  /** The running server's process id (the bench counts its CPU time), undefined when stopped. */
  pid(): number | undefined
}

interface Ports {
  port: number
  gcomm: number
  ist: number
  sst: number
}

/** How long a node may take to be ready (a joiner's SST on a busy two-core machine). */
const READY_TIMEOUT_MS = 180_000

async function query(port: number, sql: string, values: unknown[] = []): Promise<unknown[]> {
  const connection = await mysql.createConnection({
    host: '127.0.0.1',
    port,
    user: 'root',
    connectTimeout: 2_000,
  })
  try {
    const [rows] = await connection.query(sql, values)
    return rows as unknown[]
  } finally {
    await connection.end().catch(() => undefined)
  }
}

async function statusOf(port: number, name: string): Promise<string> {
  const rows = (await query(port, 'SHOW GLOBAL STATUS LIKE ?', [name])) as Array<{
    Value?: string
  }>
  return rows[0]?.Value ?? ''
}

/** A mariadbd with the wsrep provider, its data under `datadir`. */
export class GaleraServer implements GaleraNode {
  readonly url: string
  private child: ChildProcess | undefined
  private readonly output = new OutputBuffer(512 * 1024)
  /** Every node's gcomm address: a restarted node (the first one too) rejoins through them. */
  peers: string[] = []

  constructor(
    readonly index: number,
    readonly datadir: string,
    private readonly ports: Ports,
    private readonly clusterName: string,
  ) {
    this.url = `mysql://root@127.0.0.1:${ports.port}/${DATABASE}`
  }

  get port(): number {
    return this.ports.port
  }

  pid(): number | undefined {
    return running(this.child) ? this.child!.pid : undefined
  }

  get gcommAddress(): string {
    return `127.0.0.1:${this.ports.gcomm}`
  }

  static async create(index: number, datadir: string, clusterName: string): Promise<GaleraServer> {
    const ports = {
      port: await freePort(),
      gcomm: await freePort(),
      ist: await freePort(),
      sst: await freePort(),
    }
    return new GaleraServer(index, datadir, ports, clusterName)
  }

  /** The server's own output (its error log), the last part. */
  log(): string {
    return this.output.tail()
  }

  private args(bootstrap: boolean, position?: string): string[] {
    const { port, gcomm, ist, sst } = this.ports
    const args = [
      '--no-defaults',
      '--user=root',
      '--bind-address=127.0.0.1',
      `--datadir=${this.datadir}`,
      `--port=${port}`,
      `--socket=${path.join(this.datadir, 'sock')}`,
      `--pid-file=${path.join(this.datadir, 'mariadbd.pid')}`,
      '--binlog-format=ROW',
      '--default-storage-engine=InnoDB',
      '--innodb-autoinc-lock-mode=2',
      // A small machine: three servers and two app nodes share two cores. (The buffer pool keeps
      // its default: the SST script hands --innodb-buffer-pool-size to mariadb-backup, which
      // refuses it, and every SST fails.)
      '--innodb-log-file-size=48M',
      '--max-connections=200',
      // Galera makes a commit durable through the other nodes.
      '--innodb-flush-log-at-trx-commit=2',
      '--performance-schema=OFF',
      '--wsrep-on=ON',
      `--wsrep-provider=${GALERA_PROVIDER}`,
      `--wsrep-cluster-name=${this.clusterName}`,
      `--wsrep-node-name=node${this.index}`,
      '--wsrep-sst-method=mariabackup',
      '--wsrep-sst-auth=root:',
      '--wsrep-slave-threads=2',
      `--wsrep-node-address=127.0.0.1:${gcomm}`,
      `--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:${gcomm};ist.recv_addr=127.0.0.1:${ist};gcache.size=64M`,
      `--wsrep-sst-receive-address=127.0.0.1:${sst}`,
    ]
    if (position) args.push(`--wsrep-start-position=${position}`)
    if (bootstrap) args.push('--wsrep-cluster-address=gcomm://', '--wsrep-new-cluster')
    else args.push(`--wsrep-cluster-address=gcomm://${this.peers.join(',')}`)
    return args
  }

  /** Starts the process; `bootstrap` makes it the first node of a new cluster. */
  async launch(bootstrap: boolean, position?: string): Promise<void> {
    if (running(this.child)) throw new Error(`Galera node ${this.index} is already running`)
    const child = spawn(MARIADBD, this.args(bootstrap, position), {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    })
    track(child)
    this.child = child
    child.stdout!.on('data', (chunk: Buffer) => this.output.append(chunk))
    child.stderr!.on('data', (chunk: Buffer) => this.output.append(chunk))
    child.on('error', (error) => this.output.append(`spawn failed: ${error.message}\n`))
    await waitFor(
      `Galera node ${this.index} (port ${this.port}) ready and Synced`,
      async () =>
        (await statusOf(this.port, 'wsrep_ready')) === 'ON' &&
        (await statusOf(this.port, 'wsrep_local_state_comment')) === 'Synced',
      {
        timeoutMs: READY_TIMEOUT_MS,
        intervalMs: 500,
        abort: () =>
          running(child)
            ? null
            : `mariadbd exited (${String(child.exitCode ?? child.signalCode)}):\n${this.log()}`,
      },
    )
  }

  /**
   * After a crash grastate.dat says seqno -1: like the systemd unit's galera_recovery, ask InnoDB
   * for the last committed position (`--wsrep-recover`) and start from it, so the node catches up
   * through IST from a donor's gcache rather than a full SST.
   */
  private async recoveredPosition(): Promise<string | undefined> {
    const grastate = path.join(this.datadir, 'grastate.dat')
    if (!fs.existsSync(grastate) || !/seqno:\s+-1/.test(fs.readFileSync(grastate, 'utf8')))
      return undefined
    const logFile = path.join(this.datadir, 'wsrep-recover.log')
    fs.rmSync(logFile, { force: true })
    try {
      await execFileAsync(MARIADBD, [
        ...this.args(false),
        '--wsrep-recover',
        `--log-error=${logFile}`,
      ])
    } catch {
      // the position is read from the log whatever the exit code
    }
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''
    this.output.append(log)
    const match = /WSREP: Recovered position: ([0-9a-f-]{36}:\d+)/.exec(log)
    return match?.[1]
  }

  async start(): Promise<void> {
    await this.launch(false, await this.recoveredPosition())
  }

  async kill(): Promise<void> {
    if (this.child) await exited(this.child, 'SIGKILL')
  }

  async status(name: string): Promise<string> {
    return statusOf(this.port, name)
  }

  /** Runs SQL on this node (no database selected). */
  query(sql: string, values: unknown[] = []): Promise<unknown[]> {
    return query(this.port, sql, values)
  }
}

/** mariadb-install-db into `datadir` (the system tables a node starts from). */
export async function installDatadir(datadir: string): Promise<void> {
  fs.mkdirSync(datadir, { recursive: true })
  try {
    await execFileAsync(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        '--user=root',
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    )
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(
      `mariadb-install-db failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    )
  }
}

/**
 * Three nodes started one at a time (the first bootstraps, each joiner takes an SST), with the
 * `shopwright` database made on the first. Their data lives under `root`.
 */
export async function startGalera(root: string, count = 3): Promise<GaleraServer[]> {
  const clusterName = `swcluster${process.pid}`
  const template = path.join(root, 'template')
  await installDatadir(template)
  const nodes: GaleraServer[] = []
  for (let index = 0; index < count; index++) {
    const datadir = path.join(root, `galera${index}`)
    fs.cpSync(template, datadir, { recursive: true })
    nodes.push(await GaleraServer.create(index, datadir, clusterName))
  }
  fs.rmSync(template, { recursive: true, force: true })
  const peers = nodes.map((node) => node.gcommAddress)
  for (const node of nodes) node.peers = peers
  try {
    await nodes[0]!.launch(true)
    await nodes[0]!.query(`CREATE DATABASE IF NOT EXISTS ${DATABASE} CHARACTER SET utf8mb4`)
    for (const node of nodes.slice(1)) await node.launch(false)
    const size = await nodes[0]!.status('wsrep_cluster_size')
    if (size !== String(count)) throw new Error(`wsrep_cluster_size is ${size}, not ${count}`)
  } catch (error) {
    await Promise.all(nodes.map((node) => node.kill()))
    throw error
  }
  return nodes
}
