/**
 * A small HTTP client for the permission-matrix test: real `fetch` calls to a listening kernel,
 * with the `Device` header the spec's client sends on every call and the session cookie of one
 * signed-in caller (or none, for an anonymous one).
 */

/** The Device header of every call (docs/api.md, "Conventions"), shaped like a browser's traits. */
export const MATRIX_DEVICE = 'Mozilla/. (X; Linux x_) 1080 1920 24 0 en-US'

/** An answer: the HTTP status and the parsed JSON body (null when empty). */
export interface HttpReply {
  status: number
  body: unknown
  setCookies: string[]
}

/** One caller: anonymous without a cookie, signed in with the `sw_session` cookie of a login. */
export class HttpCaller {
  constructor(
    private readonly baseUrl: string,
    readonly cookie: string | undefined = undefined,
  ) {}

  /** True when the caller holds a session cookie. */
  get signedIn(): boolean {
    return this.cookie !== undefined
  }

  /** `GET /query{path}`. */
  get(path: string): Promise<HttpReply> {
    return this.send('GET', path)
  }

  /** `POST /query{path}` with a JSON body (`{}` when none is given). */
  post(path: string, payload: unknown = {}): Promise<HttpReply> {
    return this.send('POST', path, payload)
  }

  /** The same server as another caller. */
  withCookie(cookie: string | undefined): HttpCaller {
    return new HttpCaller(this.baseUrl, cookie)
  }

  private async send(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<HttpReply> {
    const headers: Record<string, string> = { accept: 'application/json', device: MATRIX_DEVICE }
    if (this.cookie) headers.cookie = this.cookie
    const init: RequestInit = { method, headers }
    if (method === 'POST') {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(payload)
    }
    const response = await fetch(`${this.baseUrl}/query${path}`, init)
    const text = await response.text()
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      setCookies: response.headers.getSetCookie(),
    }
  }
}

/**
 * Signs in through `POST /query/account/login` (step 2: e-mail and password) and answers a caller
 * holding the session cookie the answer set. Throws when the sign-in fails or sets no cookie.
 */
export async function signInOverHttp(
  anonymous: HttpCaller,
  email: string,
  password: string,
): Promise<HttpCaller> {
  const reply = await anonymous.post('/account/login', { email, password })
  const line = reply.setCookies.find((each) => each.startsWith('sw_session='))
  const token = line?.split(';')[0]
  if (reply.status !== 200 || !token || token === 'sw_session=')
    throw new Error(`sign-in of ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`)
  return anonymous.withCookie(token)
}
