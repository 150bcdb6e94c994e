/**
 * Helpers of failures.cluster.test.ts: a steady mixed load through the proxy (staff writing
 * records, a shopper filling a cart, anonymous visitors reading the storefront and tracking pages,
 * staff uploading and downloading drive files), every call of it recorded, and the checks a drill
 * makes on the record: which failures are allowed, how long answers took, which writes were
 * acknowledged and whether they are all still there.
 */
import { createHash, randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import { Client, type Answer, type Cluster } from './harness/index.js'

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** What a call of the load is. */
export type Kind = 'record' | 'cart' | 'page' | 'track' | 'upload' | 'download' | 'account'

/** One call of the load, as the test saw it. */
export interface Call {
  worker: string
  kind: Kind
  method: string
  path: string
  /** The node that answered (`x-cluster-node`); null when none did. */
  node: number | null
  /** The HTTP status; 0 when no answer came (the client gave up, or the connection failed). */
  status: number
  /** The error code of a failed answer: the JSON body's `message`, an HTML page's `data-code`. */
  code: string | undefined
  retryAfter: string | null
  /** Date.now() when it was sent. */
  started: number
  /** Milliseconds to the end of its body. */
  ms: number
  /** A write: it is acknowledged when it answered 2xx. */
  write: boolean
  /** Its status came, but its body was cut short (the connection closed): never a success. */
  cut: boolean
  /** The start of the body, or the client's error. */
  text: string
}

export const ended = (call: Call): number => call.started + call.ms
export const succeeded = (call: Call): boolean =>
  call.status >= 200 && call.status < 300 && !call.cut
export const acknowledged = (call: Call): boolean => call.write && succeeded(call)

/** The code of an error answer: `message` of a JSON body, else `data-code` of an HTML page. */
export function codeOfText(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { message?: unknown }
    return typeof parsed.message === 'string' ? parsed.message : undefined
  } catch {
    return /data-code="([A-Z_]+)"/.exec(text)?.[1]
  }
}

/** A short account of a call for failure messages. */
export function showCall(call: Call): string {
  return `${call.method} ${call.path} [${call.worker}] -> ${call.status}${call.cut ? ' (body cut)' : ''} node ${String(call.node)} ${
    call.code ?? ''
  } in ${call.ms} ms at ${new Date(call.started).toISOString().slice(11, 23)} retry-after ${String(call.retryAfter)}: ${call.text.slice(0, 200)}`
}

/** A short account of an answer for failure messages. */
export function show(answer: Answer): string {
  return `${answer.status} (node ${String(answer.node)}) ${answer.text.slice(0, 300)}`
}

/** A browser (a visitor, not a robot). */
export const FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** What one drill's load writes to, made before it starts. */
export interface Targets {
  /** The record type the staff workers create and update (fields `name` and `notes`). */
  type: string
  /** The item the shopper adds (plenty in stock). */
  item: string
  /** The drive folder the drive worker uploads into. */
  folder: string
  /** A file uploaded before the load, which the drive worker downloads. */
  reference: { path: string; sha256: string }
}

export interface LoadOptions {
  proxyUrl: string
  /** A signed-in administrator: its cookies are copied (sessions live in Redis). */
  staff: Client
  /** A signed-in customer. */
  shopper: Client
  targets: Targets
  /** A call that takes longer is given up (recorded with status 0). */
  callTimeoutMs: number
  /** Milliseconds each worker waits between two calls. */
  pauseMs?: number
}

/**
 * The steady mixed load: a few workers, each making one call at a time through the proxy (round
 * robin), pausing between calls, until stop(). Every call is recorded, and every acknowledged
 * write remembered with what it wrote.
 */
export class MixedLoad {
  readonly calls: Call[] = []
  /** Acknowledged creates: record id -> its name. */
  readonly created = new Map<string, string>()
  /** Acknowledged appends to `notes`: the record and the value. */
  readonly notes: Array<{ id: string; value: string }> = []
  /** Cart adds of one unit: acknowledged, and sent (whatever the answer). */
  readonly cart = { acknowledged: 0, sent: 0 }
  /** Acknowledged uploads: the path and the SHA-256 of the bytes sent. */
  readonly uploads: Array<{ path: string; sha256: string }> = []
  /** Downloads of the reference file answered 200 with other bytes (never expected). */
  readonly corrupt: Call[] = []
  private running = false
  private workers: Array<Promise<void>> = []
  private readonly pauseMs: number

  constructor(private readonly options: LoadOptions) {
    this.pauseMs = options.pauseMs ?? 100
  }

  /** A client of the load's own: the proxy's round robin, the call time limit, `from`'s cookies. */
  private client(from?: Client): Client {
    const client = new Client(this.options.proxyUrl, { timeoutMs: this.options.callTimeoutMs })
    if (from) client.copyCookiesFrom(from)
    return client
  }

  start(): void {
    if (this.running) throw new Error('the load is already running')
    this.running = true
    this.workers = [
      this.loop('staff-a', this.staffWorker('a')),
      this.loop('staff-b', this.staffWorker('b')),
      this.loop('shopper', this.shopperWorker()),
      this.loop('visitor-a', this.visitorWorker('visitor-a')),
      this.loop('visitor-b', this.visitorWorker('visitor-b')),
      this.loop('drive', this.driveWorker()),
    ]
  }

  /** Stops the workers and waits for their last calls. */
  async stop(): Promise<void> {
    this.running = false
    await Promise.all(this.workers)
  }

  private async loop(name: string, step: (round: number) => Promise<void>): Promise<void> {
    for (let round = 0; this.running; round++) {
      try {
        await step(round)
      } catch (error) {
        // A worker's own mistake (not a call's failure, which is recorded): stop the drill loudly.
        this.running = false
        throw new Error(`load worker ${name} failed: ${(error as Error).stack ?? String(error)}`)
      }
      await sleep(this.pauseMs)
    }
  }

  /** Makes one call and records it; answers the call and its answer (none when it failed). */
  async call(
    worker: string,
    kind: Kind,
    client: Client,
    method: string,
    path: string,
    options: { body?: Buffer | string; headers?: Record<string, string>; write?: boolean } = {},
  ): Promise<{ call: Call; answer: Answer | undefined }> {
    const started = Date.now()
    let answer: Answer | undefined
    let failure: string | undefined
    let cut = false
    try {
      answer = await client.request(method, path, options.body, options.headers)
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause
      failure = `${(error as Error).name}: ${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`
      // undici's error for a body whose connection closed after the status came (the Client
      // reads the body before it answers, so the status itself is not known here).
      cut = (error as Error).message === 'terminated'
    }
    const call: Call = {
      worker,
      kind,
      method,
      path,
      node: answer?.node ?? null,
      status: answer?.status ?? 0,
      code: answer && answer.status >= 400 ? codeOfText(answer.text) : undefined,
      retryAfter: answer?.headers.get('retry-after') ?? null,
      started,
      ms: Date.now() - started,
      write: options.write ?? method === 'POST',
      cut,
      text: answer ? answer.text.slice(0, 400) : (failure ?? ''),
    }
    this.calls.push(call)
    return { call, answer }
  }

  private json(body: unknown): { body: string; headers: Record<string, string> } {
    return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
  }

  /** Creates a record of the drill's type; answers its id when acknowledged. */
  async createRecord(worker: string, client: Client): Promise<{ call: Call; id?: string }> {
    const value = `${worker}-${randomBytes(4).toString('hex')}`
    const { call, answer } = await this.call(
      worker,
      'record',
      client,
      'POST',
      '/query/data/create',
      this.json({ type: this.options.targets.type, name: value }),
    )
    if (!acknowledged(call)) return { call }
    const id = answer!.json<{ id: string }>().id
    this.created.set(id, value)
    return { call, id }
  }

  /** Appends a note to a record of the drill's type. */
  async appendNote(worker: string, client: Client, id: string): Promise<Call> {
    const value = `${worker}-note-${randomBytes(4).toString('hex')}`
    const { call } = await this.call(
      worker,
      'record',
      client,
      'POST',
      `/query/data/update/${this.options.targets.type}/${id}`,
      this.json([{ field: 'notes.+', value }]),
    )
    if (acknowledged(call)) this.notes.push({ id, value })
    return call
  }

  /** Adds one unit of the drill's item to the shopper's cart (`client` carries the shopper). */
  async addToCart(worker: string, client: Client): Promise<Call> {
    this.cart.sent++
    const { call } = await this.call(
      worker,
      'cart',
      client,
      'POST',
      '/query/cart/add',
      this.json({ item: this.options.targets.item, quantity: 1 }),
    )
    if (acknowledged(call)) this.cart.acknowledged++
    return call
  }

  /** The storefront's home page, as a browser asks for it. */
  async viewPage(worker: string, client: Client): Promise<Call> {
    const { call } = await this.call(worker, 'page', client, 'GET', '/', {
      headers: { 'user-agent': FIREFOX, accept: 'text/html' },
      write: false,
    })
    return call
  }

  /** A tracking post of the home page. */
  async track(worker: string, client: Client): Promise<Call> {
    const now = Date.now()
    const { call } = await this.call(worker, 'track', client, 'POST', '/query/track', {
      body: JSON.stringify({
        pages: [{ href: '/', entry: '', exit: '', start: now - 3_000, end: now, scroll: 30 }],
      }),
      headers: { 'user-agent': FIREFOX, 'content-type': 'application/json' },
      // Tracking is analytics, queued and written later: its answer is not checked as a write.
      write: false,
    })
    return call
  }

  /** Uploads 16 KB of random bytes into the drill's folder (`client` carries the staff). */
  async upload(worker: string, client: Client): Promise<Call> {
    const bytes = randomBytes(16 * 1024)
    const path = `${this.options.targets.folder}/${worker}-${randomBytes(4).toString('hex')}.bin`
    const { call } = await this.call(
      worker,
      'upload',
      client,
      'POST',
      `/query/drive/upload/${path}`,
      {
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      },
    )
    if (acknowledged(call)) this.uploads.push({ path, sha256: sha256(bytes) })
    return call
  }

  /** Downloads the reference file and compares its bytes. */
  async download(worker: string, client: Client): Promise<Call> {
    const { reference } = this.options.targets
    const path = `/query/drive/download/${reference.path}`
    const started = Date.now()
    const answer = await fetchBytes(client, path, { timeoutMs: this.options.callTimeoutMs })
    const call: Call = {
      worker,
      kind: 'download',
      method: 'GET',
      path,
      node: answer.node,
      status: answer.status,
      code: answer.status >= 400 ? codeOfText(answer.bytes.toString('utf8')) : undefined,
      retryAfter: answer.retryAfter,
      started,
      ms: Date.now() - started,
      write: false,
      cut: answer.cut,
      text: answer.error ?? (answer.status === 200 ? '' : answer.bytes.toString('utf8', 0, 400)),
    }
    this.calls.push(call)
    if (call.status === 200 && sha256(answer.bytes) !== reference.sha256) this.corrupt.push(call)
    return call
  }

  /** Who the account's session says the caller is (`GET /query/account/get`). */
  async account(worker: string, client: Client): Promise<{ call: Call; email?: string }> {
    const { call, answer } = await this.call(
      worker,
      'account',
      client,
      'GET',
      '/query/account/get',
      {
        write: false,
      },
    )
    return { call, email: succeeded(call) ? answer!.json<{ email: string }>().email : undefined }
  }

  /**
   * One call of each kind pinned to one node, recorded with the load's calls (and its writes with
   * the load's writes): a record create, a cart add, the home page, a tracking post, an upload,
   * a download of the reference file.
   */
  async probe(
    pin: number,
  ): Promise<Record<'record' | 'cart' | 'page' | 'track' | 'upload' | 'download', Call>> {
    const worker = `probe-${pin}`
    const pinned = (from?: Client): Client => {
      const client = new Client(this.options.proxyUrl, {
        pin,
        timeoutMs: this.options.callTimeoutMs,
      })
      if (from) client.copyCookiesFrom(from)
      return client
    }
    const staff = pinned(this.options.staff)
    return {
      record: (await this.createRecord(worker, staff)).call,
      cart: await this.addToCart(worker, pinned(this.options.shopper)),
      page: await this.viewPage(worker, pinned()),
      track: await this.track(worker, pinned()),
      upload: await this.upload(worker, staff),
      download: await this.download(worker, staff),
    }
  }

  /** Creates records, and appends notes to the ones it made (two appends per create). */
  private staffWorker(name: string): (round: number) => Promise<void> {
    const client = this.client(this.options.staff)
    const mine: string[] = []
    const worker = `staff-${name}`
    return async (round) => {
      if (mine.length === 0 || round % 3 === 0) {
        const { id } = await this.createRecord(worker, client)
        if (id) mine.push(id)
        return
      }
      await this.appendNote(worker, client, mine[round % mine.length]!)
    }
  }

  /** Adds one unit to the cart, and reads the cart every fourth call. */
  private shopperWorker(): (round: number) => Promise<void> {
    const client = this.client(this.options.shopper)
    return async (round) => {
      if (round % 4 === 3)
        await this.call('shopper', 'cart', client, 'GET', '/query/cart/get', { write: false })
      else await this.addToCart('shopper', client)
    }
  }

  /** An anonymous visitor: the storefront's home page, then a tracking post of it. */
  private visitorWorker(worker: string): (round: number) => Promise<void> {
    const client = this.client()
    return async (round) => {
      if (round % 2 === 0) await this.viewPage(worker, client)
      else await this.track(worker, client)
    }
  }

  /** Uploads a small file, then downloads the reference file. */
  private driveWorker(): (round: number) => Promise<void> {
    const client = this.client(this.options.staff)
    return async (round) => {
      if (round % 2 === 0) await this.upload('drive', client)
      else await this.download('drive', client)
    }
  }
}

/**
 * A GET's body as bytes (a Client keeps text only) with the client's cookies, Device header and
 * pin. Status 0 and the error when no answer came within `timeoutMs`; the status and `cut` when
 * the answer came but its body was cut short.
 */
export async function fetchBytes(
  client: Client,
  url: string,
  options: { timeoutMs: number },
): Promise<{
  status: number
  node: number | null
  retryAfter: string | null
  bytes: Buffer
  cut: boolean
  error?: string
}> {
  const failed = (error: unknown): string => {
    const cause = (error as { cause?: { message?: string } }).cause
    return `${(error as Error).name}: ${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`
  }
  let response: Response
  try {
    response = await fetch(new URL(url, client.baseUrl), {
      headers: {
        cookie: client.cookieHeader(),
        device: 'cluster-test-client',
        ...(client.pin === undefined ? {} : { 'x-cluster-pin': String(client.pin) }),
      },
      signal: AbortSignal.timeout(options.timeoutMs),
    })
  } catch (error) {
    return {
      status: 0,
      node: null,
      retryAfter: null,
      bytes: Buffer.alloc(0),
      cut: false,
      error: failed(error),
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
      error: `the body was cut: ${failed(error)}`,
    }
  }
}

// What a drill asserts on the record.

/** What a drill allows beyond 2xx and 503 ERROR_DATA_CONNECTION with Retry-After. */
export interface Allowed {
  /**
   * From the moment the failure was asked for to the moment it was in effect: a call in flight
   * then (sent before its end, ended after its start) may fail in the ways below.
   */
  inFlightAt?: [number, number]
  /** The proxy's own 502 (`cluster proxy: ...`): the node died with the call in flight. */
  proxy502?: boolean
  /** A 200 whose body was cut short: its bytes were streaming when the failure came. */
  cutBodies?: boolean
}

/**
 * Why a call's answer is not one a failure may give, or null when it is allowed: 2xx; 503 with
 * `ERROR_DATA_CONNECTION` and a `Retry-After`; what `allowed` adds for calls in flight when the
 * failure came.
 */
export function notAllowed(call: Call, allowed: Allowed = {}): string | null {
  if (succeeded(call)) return null
  const inFlight =
    allowed.inFlightAt !== undefined &&
    call.started <= allowed.inFlightAt[1] &&
    ended(call) >= allowed.inFlightAt[0]
  if (call.cut) {
    if (!allowed.cutBodies) return `a ${call.status} whose body was cut`
    // Status 0: a Client's call, whose status is lost with its body.
    return (call.status === 200 || call.status === 0) && inFlight
      ? null
      : `a ${call.status} cut, not in flight at the failure`
  }
  if (call.status === 503) {
    if (call.code !== 'ERROR_DATA_CONNECTION') return `a 503 with ${String(call.code)}`
    if (!/^[1-9]\d*$/.test(call.retryAfter ?? ''))
      return `a 503 with Retry-After ${String(call.retryAfter)}`
    return null
  }
  if (call.status === 502 && allowed.proxy502 && call.text.startsWith('cluster proxy:'))
    return inFlight ? null : 'a 502 of a call not in flight at the kill'
  return `status ${call.status}`
}

/** The calls among `calls` whose answers a failure may not give, each with the reason. */
export function forbidden(calls: readonly Call[], allowed: Allowed = {}): string[] {
  return calls.flatMap((call) => {
    const reason = notAllowed(call, allowed)
    return reason ? [`${reason}: ${showCall(call)}`] : []
  })
}

/** The calls started in [from, to). */
export function startedBetween(calls: readonly Call[], from: number, to: number): Call[] {
  return calls.filter((call) => call.started >= from && call.started < to)
}

/** `n`, max, p50 and p95 of the calls' durations, in ms. */
export function durations(calls: readonly Call[]): {
  n: number
  max: number
  p50: number
  p95: number
} {
  const sorted = calls.map((call) => call.ms).sort((a, b) => a - b)
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { n: sorted.length, max: sorted.at(-1) ?? 0, p50: at(0.5), p95: at(0.95) }
}

/** One line per (node, status, code) of the calls: how many, and how long they took. */
export function summary(calls: readonly Call[]): string[] {
  const groups = new Map<string, Call[]>()
  for (const call of calls) {
    const key = `node ${String(call.node)} ${call.status}${call.code ? ` ${call.code}` : ''}`
    groups.set(key, [...(groups.get(key) ?? []), call])
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const { n, max, p50, p95 } = durations(group)
      return `${key}: ${n} calls, p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`
    })
}

/** Waits until `check` answers true, polling every `intervalMs`; answers the time it took. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<number> {
  const began = Date.now()
  for (;;) {
    if (await check()) return Date.now() - began
    if (Date.now() - began > options.timeoutMs)
      throw new Error(`${what}: not so after ${options.timeoutMs} ms`)
    await sleep(options.intervalMs ?? 100)
  }
}

/** A connection to one Galera node's `shopwright` database that reads what the cluster committed. */
export async function causalConnection(cluster: Cluster, index: number): Promise<mysql.Connection> {
  const connection = await mysql.createConnection(cluster.galera[index]!.url)
  await connection.query('SET SESSION wsrep_sync_wait = 1')
  return connection
}

/** Rows of a query on one Galera node, read causally (after every commit the cluster made). */
export async function rowsOn<T>(
  cluster: Cluster,
  index: number,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const connection = await causalConnection(cluster, index)
  try {
    const [rows] = await connection.query(sql, values)
    return rows as T[]
  } finally {
    await connection.end().catch(() => undefined)
  }
}

/** A JSON column as mysql2 gives it (a string on MariaDB, where JSON is LONGTEXT). */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

interface ListedRecord {
  id: string
  name?: string
  notes?: string[]
}

/** Every record of a type as one node answers it (`/query/data/list`, page by page). */
async function listAll(client: Client, type: string): Promise<Map<string, ListedRecord>> {
  const found = new Map<string, ListedRecord>()
  let nextpage: string | null = null
  do {
    const query: string = nextpage ? `&nextpage=${encodeURIComponent(nextpage)}` : ''
    const answer = await client.get(
      `/query/data/list/${type}?pagesize=1000&fields=name,notes${query}`,
    )
    if (answer.status !== 200) throw new Error(`listing ${type}: ${show(answer)}`)
    const page = answer.json<{ list: ListedRecord[]; nextpage: string | null }>()
    for (const record of page.list) found.set(record.id, record)
    nextpage = page.nextpage
  } while (nextpage)
  return found
}

/** What the records say of the acknowledged creates and appends: one line per one missing. */
function missingRecords(
  load: MixedLoad,
  where: string,
  records: Map<string, { name?: string; notes?: string[] }>,
): string[] {
  const missing: string[] = []
  for (const [id, name] of load.created) {
    const record = records.get(id)
    if (!record) missing.push(`${where}: created record ${id} (${name}) is missing`)
    else if (record.name !== name)
      missing.push(`${where}: record ${id} has name ${String(record.name)}, not ${name}`)
  }
  for (const { id, value } of load.notes) {
    const notes = records.get(id)?.notes ?? []
    if (!notes.includes(value)) missing.push(`${where}: record ${id} lacks its note ${value}`)
  }
  return missing
}

/**
 * Every write the load had acknowledged, looked for through both app nodes (pinned) and in the
 * database of each Galera node in `galera`: the created records with their names, the appended
 * notes, the cart's units (at least the acknowledged adds, at most the adds sent), the uploaded
 * files (byte-identical downloads, and their rows). Answers one line per write not found.
 */
export async function lostWrites(
  cluster: Cluster,
  load: MixedLoad,
  targets: Targets,
  clients: { staff: Client; shopper: Client },
  galera: readonly number[],
): Promise<string[]> {
  const lost: string[] = []
  const { type, item } = targets
  const { acknowledged: added, sent } = load.cart
  for (const pin of [0, 1]) {
    const staff = new Client(cluster.proxyUrl, { pin, timeoutMs: 60_000 })
    staff.copyCookiesFrom(clients.staff)
    lost.push(...missingRecords(load, `node ${pin}`, await listAll(staff, type)))

    const shopper = new Client(cluster.proxyUrl, { pin, timeoutMs: 60_000 })
    shopper.copyCookiesFrom(clients.shopper)
    const cart = await shopper.get('/query/cart/get')
    if (cart.status !== 200) lost.push(`node ${pin}: the cart answered ${show(cart)}`)
    else {
      const units =
        cart
          .json<{ lines: Array<{ item: string; quantity: number }> }>()
          .lines.find((line) => line.item === item)?.quantity ?? 0
      if (units < added || units > sent)
        lost.push(
          `node ${pin}: the cart holds ${units} of ${item}: ${added} adds acknowledged, ${sent} sent`,
        )
    }

    for (const upload of load.uploads) {
      const download = await fetchBytes(staff, `/query/drive/download/${upload.path}`, {
        timeoutMs: 60_000,
      })
      if (download.status !== 200 || download.cut)
        lost.push(
          `node ${pin}: ${upload.path} answered ${download.status} ${download.error ?? download.bytes.toString('utf8', 0, 200)}`,
        )
      else if (sha256(download.bytes) !== upload.sha256)
        lost.push(`node ${pin}: ${upload.path} downloads other bytes than were uploaded`)
    }
  }

  for (const index of galera) {
    const where = `Galera node ${index}`
    const rows = await rowsOn<{ id: string; body: unknown }>(
      cluster,
      index,
      'SELECT id, body FROM records WHERE type = ? AND binned_at IS NULL',
      [type],
    )
    lost.push(
      ...missingRecords(
        load,
        where,
        new Map(rows.map((row) => [row.id, jsonOf<{ name?: string; notes?: string[] }>(row.body)])),
      ),
    )
    const [line] = await rowsOn<{ quantity: number }>(
      cluster,
      index,
      'SELECT SUM(quantity) AS quantity FROM commerce_cart_lines WHERE item = ?',
      [item],
    )
    const units = Number(line?.quantity ?? 0)
    if (units < added || units > sent)
      lost.push(
        `${where}: the cart lines hold ${units} of ${item}: ${added} adds acknowledged, ${sent} sent`,
      )
    if (load.uploads.length > 0) {
      const entries = await rowsOn<{ path: string; hash: string | null }>(
        cluster,
        index,
        `SELECT path, hash FROM drive_entries WHERE bin_id = '' AND path IN (${load.uploads.map(() => '?').join(',')})`,
        load.uploads.map((upload) => upload.path),
      )
      const hashes = new Map(entries.map((entry) => [entry.path, entry.hash]))
      for (const upload of load.uploads)
        if (hashes.get(upload.path) !== upload.sha256)
          lost.push(
            `${where}: drive_entries has ${String(hashes.get(upload.path))} for ${upload.path}`,
          )
    }
  }
  return lost
}
