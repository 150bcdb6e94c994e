/** What a call answered. */
export interface Answer {
  status: number
  headers: Headers
  /** The body as text. */
  text: string
  /** The body parsed as JSON (throws when it is not JSON). */
  json<T = Record<string, unknown>>(): T
  /** The index of the app node that answered (the proxy's `x-cluster-node`), null without one. */
  node: number | null
}

export interface ClientOptions {
  /** Sends every call to this app node (the proxy's `x-cluster-pin`). */
  pin?: number
  /** The `Device` header (the API refuses a POST without one); a fixed test fingerprint by default. */
  device?: string
  /**
   * Milliseconds a call may take, its body included; past it the call throws a `TimeoutError`
   * (a drill's load records it rather than wait for ever). No limit by default.
   */
  timeoutMs?: number
}

/**
 * A small HTTP client for the cluster's tests: one cookie jar per client (the `sw_session` cookie
 * and the visit cookies are kept between calls and sent back), and the headers every `/query`
 * call needs (`Device`, `Accept`; docs/api.md, "Conventions").
 */
export class Client {
  private readonly cookies = new Map<string, string>()
  private readonly device: string
  private readonly timeoutMs: number | undefined
  readonly pin: number | undefined

  constructor(
    readonly baseUrl: string,
    options: ClientOptions = {},
  ) {
    this.pin = options.pin
    this.device = options.device ?? 'cluster-test-client'
    this.timeoutMs = options.timeoutMs
  }

  /** The cookies held, `name=value; ...`, as the next call sends them. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** The value of one held cookie. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name)
  }

  /** Copies another client's cookies into this one (the same browser, another node). */
  copyCookiesFrom(other: Client): void {
    for (const [name, value] of other.cookies) this.cookies.set(name, value)
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('GET', path, undefined, headers)
  }

  /** A POST with a JSON body (an empty object when none is given). */
  post(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', path, JSON.stringify(body), {
      'content-type': 'application/json',
      ...headers,
    })
  }

  /** A POST of a raw body (an upload): the caller names its Content-Type in `headers`. */
  postRaw(path: string, body: Buffer | string, headers: Record<string, string>): Promise<Answer> {
    return this.request('POST', path, body, headers)
  }

  /**
   * Signs in with the e-mail and password (step 2 of `POST /query/account/login`, which names the
   * account and checks the password in one call; step 1 only previews the account, and every call
   * counts against the 50 sign-in calls an address may make in 15 minutes). Keeps the session
   * cookie; throws with the answer when the sign-in is refused.
   */
  async signIn(email: string, password: string): Promise<void> {
    const answer = await this.post('/query/account/login', { email, password })
    if (answer.status !== 200 || !this.cookies.has('sw_session'))
      throw new Error(
        `sign-in of ${email} answered ${answer.status} (node ${String(answer.node)}): ${answer.text}`,
      )
  }

  async request(
    method: string,
    path: string,
    body: Buffer | string | undefined,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const sent: Record<string, string> = { accept: 'application/json', device: this.device }
    const cookie = this.cookieHeader()
    if (cookie) sent.cookie = cookie
    if (this.pin !== undefined) sent['x-cluster-pin'] = String(this.pin)
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: { ...sent, ...headers },
      body: typeof body === 'string' || body === undefined ? body : Uint8Array.from(body),
      redirect: 'manual',
      ...(this.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(this.timeoutMs) }),
    })
    this.keepCookies(response.headers.getSetCookie())
    const text = await response.text()
    const node = response.headers.get('x-cluster-node')
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: <T>() => JSON.parse(text) as T,
      node: node === null ? null : Number(node),
    }
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';')
      const equals = pair!.indexOf('=')
      if (equals < 1) continue
      const name = pair!.slice(0, equals).trim()
      const value = pair!.slice(equals + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key, setting = ''] = attribute.split('=').map((part) => part.trim())
        if (key!.toLowerCase() === 'max-age') return Number(setting) <= 0
        if (key!.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now()
        return false
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}
