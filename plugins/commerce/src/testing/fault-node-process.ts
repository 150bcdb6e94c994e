import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CheckoutStep } from '../server/checkout/checkout.js'

/** What a fault node runs on, and where it dies. */
export interface FaultNodeOptions {
  databaseUrl: string
  redisUrl?: string
  redisPrefix?: string
  /** The recording gateway's folder, shared with the test. */
  paymentsDir: string
  /** The step at which the node kills itself (SIGKILL), at the first run reaching it. */
  killAt?: CheckoutStep
}

/** A running fault node. */
export interface FaultNode {
  url: string
  pid: number
  /** Resolves with the signal or exit code once the process is gone. */
  exited: Promise<string>
  kill(): Promise<string>
}

/**
 * The built script, found from the package's folder whether this module runs from the sources (the
 * package's own tests, after `npm run build`) or from a built chunk.
 */
function script(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir)
    dir = path.dirname(dir)
  return path.join(dir, 'dist', 'testing', 'fault-node.js')
}

/** Starts a fault node; resolves once it listens. */
export function startFaultNode(options: FaultNodeOptions): Promise<FaultNode> {
  const child: ChildProcess = spawn(process.execPath, [script(), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(String(signal ?? code))),
  )
  let output = ''
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((each) => each.startsWith('{"url"'))
      if (!line) return
      child.stdout!.removeAllListeners('data')
      child.stdout!.resume()
      resolve({
        url: (JSON.parse(line) as { url: string }).url,
        pid: child.pid!,
        exited,
        kill: () => {
          child.kill('SIGKILL')
          return exited
        },
      })
    })
    void exited.then((how) =>
      reject(new Error(`fault node exited (${how}) before listening: ${output.slice(-2000)}`)),
    )
  })
}
