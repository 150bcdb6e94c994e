import { CACHE_DURATIONS, type CacheDuration } from '@shopwright/core/shared'
import { browserFingerprint, previousBrowserFingerprint } from './device-fingerprint.js'
import { describeNonJsonAnswer } from './page-headings.js'
import { QueryCache } from './query-cache.js'
import { QueryError } from './query-error.js'
import { queryUrl, type QueryOptions } from './query-url.js'

/** How an answer is read: parsed as JSON (the default) or returned as text. */
export type QueryFormat = 'json' | 'text'

/** A raw upload body (a File is a Blob); sent as it is, with no Content-Type set by the client. */
export type QueryUpload = Blob | ArrayBuffer

/** The part of a fetch request the client sends. */
export interface QueryFetchInit {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string | QueryUpload
  credentials: 'same-origin'
  signal?: AbortSignal
  /** The request outlives the page (a save as the tab closes). */
  keepalive?: boolean
}

/** The part of a fetch response the client reads. */
export interface QueryFetchResponse {
  status: number
  headers: { get(name: string): string | null }
  text(): Promise<string>
}

/** A fetch function: the global one by default; pass another for tests or server-side rendering. */
export type QueryFetch = (url: string, init: QueryFetchInit) => Promise<QueryFetchResponse>

/** How a client is set up. */
export interface QueryClientOptions {
  /** An origin put before `/query` (`http://localhost:3000`) for server-side use; '' (the page's). */
  baseUrl?: string
  /** The fetch to use; the global fetch by default. It is called detached: bind a browser's own. */
  fetch?: QueryFetch
  /** The Device header value; browserFingerprint() by default. Printable ASCII, 1-256 characters. */
  device?: string
  /**
   * The Device-Previous header value: this browser's fingerprint as made before issue 37, so a
   * device blocked under it stays blocked (docs/security.md). previousBrowserFingerprint() by
   * default when `device` is not given, none when it is; a value that is not 1-256 printable ASCII
   * characters, or equals `device`, is not sent. Transitional: dropped in release 0.3.
   */
  devicePrevious?: string
  /** Extra headers on every call, e.g. the visitor's Cookie when rendering on the server. */
  headers?: Readonly<Record<string, string>>
  /** The clock of the local cache, in epoch milliseconds; Date.now by default. */
  now?: () => number
  /** The most answers the local cache keeps; the least recently used go first. 500 by default. */
  cacheLimit?: number
}

/** How one call is made. */
export interface QuerySettings {
  /** 'text' returns the body as text; JSON by default. */
  format?: QueryFormat
  /** Keep a GET's answer locally this long (cache-durations.ts); 'local' for the page's life. */
  cache?: CacheDuration
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
}

/** A call as the spec's generic helper takes it. */
export interface QueryRequest extends QuerySettings {
  /** A JSON payload: makes the call a POST. */
  data?: unknown
  /** A raw upload: makes the call a POST. */
  upload?: QueryUpload
  /** Sent as query parameters. */
  options?: QueryOptions
  /** Let a POST finish after the page is gone (see PostSettings). */
  keepalive?: boolean
}

/** Settings of a call that changes state: POSTs are never cached. */
export type PostSettings = Omit<QuerySettings, 'cache'> & {
  /** Let the request finish after the page is gone: a save as the tab closes. */
  keepalive?: boolean
}

/** The typed `/query` client both the admin UI and the storefront use. */
export interface QueryClient {
  /** The Device header value this client sends. */
  readonly device: string
  /** The spec's generic helper: a GET, or a POST when `data` or `upload` is given. */
  query(path: string, request: QueryRequest & { format: 'text' }): Promise<string>
  query<T = unknown>(path: string, request?: QueryRequest): Promise<T>
  /** A GET. */
  get(
    path: string,
    options: QueryOptions | undefined,
    settings: QuerySettings & { format: 'text' },
  ): Promise<string>
  get<T = unknown>(path: string, options?: QueryOptions, settings?: QuerySettings): Promise<T>
  /** A POST with a JSON payload, or with no body when `data` is undefined. */
  post<T = unknown>(
    path: string,
    data?: unknown,
    options?: QueryOptions,
    settings?: PostSettings,
  ): Promise<T>
  /** A POST of a raw body (a file). */
  upload<T = unknown>(
    path: string,
    body: QueryUpload,
    options?: QueryOptions,
    settings?: PostSettings,
  ): Promise<T>
  /** The URL of a call, for links (exports) and image sources. */
  url(path: string, options?: QueryOptions): string
  /** Forgets cached answers whose URL starts with the call path (all without one). */
  clearCache(path?: string): void
}

/** The largest number of answers a client caches unless told otherwise. */
export const QUERY_CACHE_LIMIT = 500

const DEVICE = /^[\x20-\x7e]{1,256}$/
const OWN_HEADERS = new Set(['accept', 'device', 'device-previous', 'content-type'])

interface Failure {
  message?: unknown
  reason?: unknown
  values?: unknown
  stack?: unknown
}

/** The `{0}`, `{1}`... values of an error answer, when they are all text or numbers. */
function valuesOf(failure: Failure): Array<string | number> | undefined {
  const { values } = failure
  return Array.isArray(values) &&
    values.every((value) => typeof value === 'string' || typeof value === 'number')
    ? (values as Array<string | number>)
    : undefined
}

function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}

function retryAfterOf(response: QueryFetchResponse): number | undefined {
  const header = response.headers.get('retry-after')
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined
}

function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  // Node's fetch says only "fetch failed"; the cause says why (ECONNREFUSED...).
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message
}

/**
 * An aborted call rejects with the signal's reason, so callers can tell a cancel from a failure;
 * a timeout (AbortSignal.timeout) is a connection failure the user should see.
 */
function abortFailure(signal: AbortSignal, url: string): unknown {
  const reason: unknown = signal.reason
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new QueryError('ERROR_DATA_CONNECTION', {
      status: 0,
      url,
      reason: 'The request timed out.',
      cause: reason,
    })
  }
  return reason
}

/**
 * Turns an answer into the call's result or a QueryError (docs/api.md, "The client"):
 * `{ ok: false }` is the server's error; 503 is ERROR_DATA_CONNECTION whatever the body; a body
 * that is not JSON is ERROR_JSON_FORMAT with the page's headings. A non-2xx JSON answer that is not
 * an error body (a proxy's) is ERROR_JSON_FORMAT too. An empty 204 answers null.
 */
function readAnswer(
  response: QueryFetchResponse,
  body: string,
  format: QueryFormat,
  url: string,
): unknown {
  const status = response.status
  const success = status >= 200 && status < 300
  if (status === 204 && body === '') return null
  // A successful text answer is parsed only when it may be an error body (`{ "ok": false ... }`).
  const mayBeJson = format === 'json' || !success || body.trimStart().startsWith('{')
  const parsed = mayBeJson ? parseJson(body) : undefined
  const failure = parsed !== undefined && isFailure(parsed.value) ? parsed.value : undefined
  const details = {
    status,
    url,
    retryAfter: retryAfterOf(response),
    stack: optionalText(failure?.stack),
  }
  if (status === 503) {
    // The server's own code (ERROR_NOT_READY...) is kept as the reason when it sends no reason.
    const code = optionalText(failure?.message)
    const serverDetail = failure
      ? (optionalText(failure.reason) ?? (code === 'ERROR_DATA_CONNECTION' ? undefined : code))
      : undefined
    const reason = parsed === undefined ? describeNonJsonAnswer(body) : serverDetail
    throw new QueryError('ERROR_DATA_CONNECTION', { ...details, reason })
  }
  if (failure !== undefined) {
    const code = optionalText(failure.message) ?? 'ERROR_JSON_FORMAT'
    throw new QueryError(code, {
      ...details,
      reason: optionalText(failure.reason),
      values: valuesOf(failure),
    })
  }
  if (success && format === 'text') return body
  if (parsed === undefined) {
    throw new QueryError('ERROR_JSON_FORMAT', { ...details, reason: describeNonJsonAnswer(body) })
  }
  if (!success) {
    throw new QueryError('ERROR_JSON_FORMAT', { ...details, reason: `HTTP ${status}` })
  }
  return parsed.value
}

/** A client for the `/query` API with the spec's generic helper rules, a local cache and the Device header. */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const baseUrl = options.baseUrl ?? ''
  const device = options.device ?? browserFingerprint()
  if (!DEVICE.test(device)) {
    throw new TypeError('The Device value must be 1 to 256 printable ASCII characters.')
  }
  // An optional hint, not an identity: a bad one is left out rather than failing every call.
  const previous =
    options.devicePrevious ??
    (options.device === undefined ? previousBrowserFingerprint() : undefined)
  const devicePrevious =
    previous !== undefined && previous !== device && DEVICE.test(previous) ? previous : undefined
  const extraHeaders = Object.entries(options.headers ?? {}).filter(
    ([name]) => !OWN_HEADERS.has(name.toLowerCase()),
  )
  // Read the global at call time, and call it on globalThis: browsers refuse a detached fetch.
  const fetchImpl: QueryFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
  const cache = new QueryCache(options.cacheLimit ?? QUERY_CACHE_LIMIT, options.now ?? Date.now)

  async function exchange(
    url: string,
    init: QueryFetchInit,
    format: QueryFormat,
  ): Promise<unknown> {
    const signal = init.signal
    let response: QueryFetchResponse
    let body: string
    try {
      response = await fetchImpl(url, init)
      body = await response.text()
    } catch (error) {
      if (signal?.aborted) throw abortFailure(signal, url)
      throw new QueryError('ERROR_DATA_CONNECTION', {
        status: 0,
        url,
        reason: failureText(error),
        cause: error,
      })
    }
    return readAnswer(response, body, format, url)
  }

  async function send(path: string, request: QueryRequest, post: boolean): Promise<unknown> {
    const { data, upload, signal } = request
    const keepalive = request.keepalive === true
    if (data !== undefined && upload !== undefined) {
      throw new TypeError('A query takes a data payload or an upload, not both.')
    }
    const url = queryUrl(path, request.options, baseUrl)
    const format = request.format ?? 'json'
    if (signal?.aborted) throw abortFailure(signal, url)
    const headers: Record<string, string> = Object.fromEntries(extraHeaders)
    headers.Accept = 'application/json'
    headers.Device = device
    if (devicePrevious !== undefined) headers['Device-Previous'] = devicePrevious
    const init: QueryFetchInit = { method: 'GET', headers, credentials: 'same-origin' }
    if (keepalive) init.keepalive = true
    if (data !== undefined) {
      headers['Content-Type'] = 'application/json'
      init.body = JSON.stringify(data)
    } else if (upload !== undefined) {
      init.body = upload
    }
    if (post || init.body !== undefined) init.method = 'POST'
    const lifetime = request.cache ?? 'none'
    if (init.method === 'POST' || lifetime === 'none') {
      return exchange(url, signal === undefined ? init : { ...init, signal }, format)
    }
    const ttl = lifetime === 'local' ? Number.POSITIVE_INFINITY : CACHE_DURATIONS[lifetime] * 1000
    try {
      return await cache.read(
        `${url} ${format}`,
        ttl,
        (shared) => exchange(url, { ...init, signal: shared }, format),
        signal,
      )
    } catch (error) {
      if (signal?.aborted && error === signal.reason) throw abortFailure(signal, url)
      throw error
    }
  }

  // The one place an answer becomes the caller's type: the client checks the envelope, not the shape.
  function call<T>(path: string, request: QueryRequest, post: boolean): Promise<T> {
    return send(path, request, post) as Promise<T>
  }

  return {
    device,
    query: <T>(path: string, request: QueryRequest = {}) => call<T>(path, request, false),
    get: <T>(path: string, queryOptions?: QueryOptions, settings: QuerySettings = {}) =>
      call<T>(path, { ...settings, options: queryOptions }, false),
    post: <T>(
      path: string,
      data?: unknown,
      queryOptions?: QueryOptions,
      settings: PostSettings = {},
    ) => call<T>(path, { ...settings, data, options: queryOptions }, true),
    upload: <T>(
      path: string,
      body: QueryUpload,
      queryOptions?: QueryOptions,
      settings: PostSettings = {},
    ) => call<T>(path, { ...settings, upload: body, options: queryOptions }, true),
    url: (path: string, queryOptions?: QueryOptions) => queryUrl(path, queryOptions, baseUrl),
    clearCache: (path?: string) =>
      cache.clear(path === undefined ? '' : queryUrl(path, undefined, baseUrl)),
  }
}
