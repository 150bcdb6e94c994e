/**
 * The steady mixed load of the failure drills (suites/failures.ts): staff writing records, a
 * shopper filling a cart, anonymous visitors reading the storefront and tracking pages, staff
 * uploading and downloading drive files, every call recorded (load-calls.ts) and every
 * acknowledged write remembered, for call-checks.ts and lost-writes.ts to judge.
 */
import { randomBytes } from 'node:crypto'
import { codeOf } from './answers.js'
import { clientFor, failureOf, fetchBytes, FIREFOX } from './clients.js'
import { sha256 } from './hashes.js'
import type { Answer, Client } from './harness/index.js'
import { acknowledged, succeeded, type Call, type Kind } from './load-calls.js'
import { sleep } from './waits.js'

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

  /**
   * A client of the load's own: the call time limit, `from`'s cookies, and `pin`'s node (the
   * proxy's round robin without one).
   */
  private client(from?: Client, pin?: number): Client {
    return clientFor(this.options.proxyUrl, { pin, timeoutMs: this.options.callTimeoutMs }, from)
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
      failure = failureOf(error)
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
      code: answer && answer.status >= 400 ? codeOf(answer.text) : undefined,
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

  /** Downloads the reference file and compares its bytes when the answer came whole. */
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
      code: answer.status >= 400 ? codeOf(answer.bytes.toString('utf8')) : undefined,
      retryAfter: answer.retryAfter,
      started,
      ms: Date.now() - started,
      write: false,
      cut: answer.cut,
      text: answer.error ?? (answer.status === 200 ? '' : answer.bytes.toString('utf8', 0, 400)),
    }
    this.calls.push(call)
    // A body cut short is judged by the drill's `cutBodies` rule (call-checks.ts), not here:
    // only whole answers with other bytes are corrupt.
    if (call.status === 200 && !call.cut && sha256(answer.bytes) !== reference.sha256)
      this.corrupt.push(call)
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
    const pinned = (from?: Client): Client => this.client(from, pin)
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
