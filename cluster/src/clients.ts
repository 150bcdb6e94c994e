/**
 * Clients of the cluster suites beyond the harness's `Client`: one that carries another's cookies
 * (the same browser, on another node or with a time limit), a browser's user agent, and a GET's
 * body as bytes.
 */
import { Client, type ClientOptions } from './harness/index.js'

/** A browser's user agent (a visitor, not a robot). */
export const FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A client of `baseUrl` with `options` (a pin, a time limit) and, when given, `from`'s cookies. */
export function clientFor(baseUrl: string, options: ClientOptions, from?: Client): Client {
  const client = new Client(baseUrl, options)
  if (from) client.copyCookiesFrom(from)
  return client
}

/** A failed fetch in one line: the error's name and message, and its cause's (undici's reason). */
export function failureOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause
  return `${(error as Error).name}: ${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`
}

/** What `fetchBytes` answers. */
export interface BytesAnswer {
  /** The HTTP status; 0 when no answer came. */
  status: number
  /** The node that answered (`x-cluster-node`); null when none did. */
  node: number | null
  retryAfter: string | null
  bytes: Buffer
  /** The status came, but the body was cut short (the connection closed). */
  cut: boolean
  /** Why no answer, or no whole body, came. */
  error?: string
}

/**
 * A GET's body as bytes (a Client keeps text only) with the client's cookies, Device header and
 * pin. Status 0 and the error when no answer came (within `timeoutMs`, when given); the status and
 * `cut` when the answer came but its body was cut short.
 */
export async function fetchBytes(
  client: Client,
  url: string,
  options: { timeoutMs?: number } = {},
): Promise<BytesAnswer> {
  let response: Response
  try {
    response = await fetch(new URL(url, client.baseUrl), {
      headers: {
        cookie: client.cookieHeader(),
        device: 'cluster-test-client',
        ...(client.pin === undefined ? {} : { 'x-cluster-pin': String(client.pin) }),
      },
      ...(options.timeoutMs === undefined
        ? {}
        : { signal: AbortSignal.timeout(options.timeoutMs) }),
    })
  } catch (error) {
    return {
      status: 0,
      node: null,
      retryAfter: null,
      bytes: Buffer.alloc(0),
      cut: false,
      error: failureOf(error),
    }
  }
  const node = response.headers.get('x-cluster-node')
  const answer = {
    status: response.status,
    node: node === null ? null : Number(node),
    retryAfter: response.headers.get('retry-after'),
  }
  try {
    return { ...answer, bytes: Buffer.from(await response.arrayBuffer()), cut: false }
  } catch (error) {
    return {
      ...answer,
      bytes: Buffer.alloc(0),
      cut: true,
      error: `the body was cut: ${failureOf(error)}`,
    }
  }
}
