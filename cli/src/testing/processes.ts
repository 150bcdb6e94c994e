import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'

/** The built command, as `npm start` runs it. */
export const BIN = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@shopwright/cli/package.json')),
  'bin',
  'shopwright.js',
)

/** A fresh project folder holding the given files. */
export function projectDir(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-cli-'))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  return dir
}

function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ...extra,
  }
  for (const key of ['PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'PLUGINS'])
    if (!(key in extra)) delete env[key]
  return env
}

/** Runs `shopwright ...args` to the end. */
export function run(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: environment(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** `shopwright user add` in a project; throws with the command's output when it fails. */
export async function addUser(
  cwd: string,
  user: { email: string; password: string; roles?: string; type?: 'employee' | 'customer' },
  env: Record<string, string> = {},
): Promise<void> {
  const args = ['user', 'add', '--email', user.email, '--password', user.password]
  if (user.roles) args.push('--roles', user.roles)
  if (user.type) args.push('--type', user.type)
  const added = await run(args, cwd, env)
  if (added.code !== 0) throw new Error(`user add ${user.email} failed:\n${added.stderr}`)
}

export interface RunningServer {
  url: string
  child: ChildProcess
  output(): string
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>
}

/** Runs `shopwright start` until its "listening" log line gives the URL. */
export function startServer(cwd: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'start'], {
      cwd,
      env: environment({ PORT: '0', HOST: '127.0.0.1', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
    const timer = setTimeout(
      () => reject(new Error(`no listening line in time:\n${output}`)),
      60_000,
    )
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({
          url: match[1]!,
          child,
          output: () => output,
          stop: () => {
            child.kill('SIGTERM')
            return exited
          },
        })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code} before listening:\n${output}`))
    })
  })
}
