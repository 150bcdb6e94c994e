import http from 'node:http'
import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { hasExited } from './children.js'

/** The only address the bench ever binds or calls. */
export const HOST = '127.0.0.1'

// Ports below the kernel's ephemeral range, so no client socket takes one before its server binds it.
export { freePort } from '@shopwright/testkit/free-port'

/** One GET to 127.0.0.1 without keep-alive: its status and body. Rejects on a connection error. */
export function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  timeoutMs = 2_000,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: HOST, port, path, headers, agent: false, timeout: timeoutMs },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out`)))
    request.on('error', reject)
  })
}

export interface RequestOptions {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** The whole exchange, connect to last byte; the request is aborted after it. */
  timeoutMs?: number
  /**
   * The loopback address to connect from (127.0.0.1 unless set): the server sees it as the
   * client's address, as it would a different machine's.
   */
  localAddress?: string
}

/** `request` gave up waiting for the whole answer. */
export class RequestTimeout extends Error {
  override name = 'RequestTimeout'
}

/** An answer with its headers (lower-case names) and body as text. */
export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * A call that must answer 200 (a drive call, a shop's storefront call...): its parsed JSON. Any
 * other status throws with the start of the answer. `body` is sent with `contentType`.
 */
export async function callJson<T = unknown>(
  port: number,
  method: 'GET' | 'POST',
  urlPath: string,
  headers: Record<string, string>,
  body?: string | Uint8Array,
  contentType = 'application/octet-stream',
): Promise<T> {
  const answer = await request(port, urlPath, {
    method,
    headers: body === undefined ? headers : { ...headers, 'Content-Type': contentType },
    ...(body === undefined ? {} : { body }),
    timeoutMs: 60_000,
  })
  if (answer.status !== 200)
    throw new Error(`${method} ${urlPath} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  return JSON.parse(answer.body) as T
}

/**
 * Reads a whole answer's body as UTF-8 and hands it to `done` once the answer has ended; an error
 * while reading goes to `fail`.
 */
export function readBody(
  response: http.IncomingMessage,
  done: (body: string) => void,
  fail: (error: Error) => void,
): void {
  const chunks: Buffer[] = []
  response.on('data', (chunk: Buffer) => chunks.push(chunk))
  response.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
  response.on('error', fail)
}

/**
 * One request to 127.0.0.1 without keep-alive. Unlike `get`, the time limit covers the whole
 * exchange (a server may think for a minute before its first byte), and a body can be sent.
 */
export function request(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
  const { method = 'GET', headers = {}, body, timeoutMs = 10_000, localAddress } = options
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: HOST,
        port,
        path,
        method,
        agent: false,
        ...(localAddress ? { localAddress } : {}),
        headers:
          body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) =>
        readBody(
          response,
          (text) => {
            clearTimeout(timer)
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text })
          },
          fail,
        ),
    )
    const timer = setTimeout(
      () =>
        outgoing.destroy(
          new RequestTimeout(`${method} ${path} got no full answer within ${timeoutMs} ms`),
        ),
      timeoutMs,
    )
    function fail(error: Error): void {
      clearTimeout(timer)
      reject(error)
    }
    outgoing.on('error', fail)
    outgoing.end(body)
  })
}

export interface WaitOptions {
  /** Pause between attempts. */
  intervalMs: number
  /** Give up after this long. */
  timeoutMs: number
  /** Stop waiting (and fail) if this process exits first. */
  child?: ChildProcess
}

/**
 * Polls `GET path` until it answers 200; resolves to performance.now() at that response. Connection
 * errors and other statuses (503 before migrations finish) count as "not yet".
 */
export async function waitFor200(
  port: number,
  path: string,
  options: WaitOptions,
): Promise<number> {
  const deadline = performance.now() + options.timeoutMs
  for (;;) {
    if (options.child && hasExited(options.child)) {
      throw new Error(
        `the server exited (code ${String(options.child.exitCode)}) before ${path} answered 200`,
      )
    }
    const answered = await statusOf(port, path)
    if (answered.status === 200) return answered.at
    if (performance.now() > deadline) {
      throw new Error(`${path} on port ${port} did not answer 200 within ${options.timeoutMs} ms`)
    }
    await sleep(options.intervalMs)
  }
}

/** The status line's arrival time; the body is drained and ignored. Status 0 on a connection error. */
function statusOf(port: number, path: string): Promise<{ status: number; at: number }> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: HOST, port, path, agent: false, timeout: 2_000 },
      (response) => {
        const at = performance.now()
        response.resume()
        resolve({ status: response.statusCode ?? 0, at })
      },
    )
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve({ status: 0, at: performance.now() }))
  })
}
