import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { exited, OutputBuffer, running, track } from './processes.js'

/** The cluster's S3 store, as tests see it. */
export interface ClusterS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string
  bucket: string
  /** Where s3rver keeps the bucket's objects. */
  directory: string
  /** SIGSTOP: the server keeps its connections but answers nothing. */
  freeze(): void
  /** SIGCONT. */
  thaw(): void
  /** The server's process id (a frozen server keeps it), undefined once it has exited. */
  pid(): number | undefined
}

/**
 * The drive's own S3 test server (s3rver, answering AbortMultipartUpload as real servers do), from
 * cluster/src/harness or cluster/dist/harness alike: one script for the drive's tests and the cluster.
 */
const SCRIPT = fileURLToPath(new URL('../../../plugins/drive/test/s3-server.mjs', import.meta.url))

export const S3_ACCESS_KEY = 'S3RVER'

/** s3rver in a child process, with one bucket. */
export class S3Server implements ClusterS3 {
  private constructor(
    private readonly child: ChildProcess,
    private readonly output: OutputBuffer,
    readonly endpoint: string,
    readonly bucket: string,
    readonly directory: string,
  ) {}

  static async start(directory: string, bucket: string): Promise<S3Server> {
    fs.mkdirSync(directory, { recursive: true })
    const child = fork(SCRIPT, [directory, bucket], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: false,
    })
    track(child)
    const output = new OutputBuffer(256 * 1024)
    child.stdout!.on('data', (chunk: Buffer) => output.append(chunk))
    child.stderr!.on('data', (chunk: Buffer) => output.append(chunk))
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the S3 server did not start in 30 s')),
        30_000,
      )
      child.once('message', (message: { port?: number }) => {
        clearTimeout(timer)
        if (typeof message.port === 'number') resolve(message.port)
        else reject(new Error(`the S3 server sent ${JSON.stringify(message)}`))
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the S3 server exited with ${String(code)}:\n${output.tail()}`))
      })
    })
    return new S3Server(child, output, `http://127.0.0.1:${port}`, bucket, directory)
  }

  freeze(): void {
    if (running(this.child)) this.child.kill('SIGSTOP')
  }

  thaw(): void {
    if (running(this.child)) this.child.kill('SIGCONT')
  }

  pid(): number | undefined {
    return running(this.child) ? this.child.pid : undefined
  }

  log(): string {
    return this.output.tail()
  }

  /** SIGKILL (a frozen process dies too). */
  async stop(): Promise<void> {
    await exited(this.child, 'SIGKILL')
  }
}
