import type { AccessSubject } from '../shared/access.js'

/** The signed-in entity as the kernel knows it (docs/architecture.md, "Accounts and sessions"). */
export interface Entity extends AccessSubject {
  type: string
  id: string
  email?: string
  name?: string
  roles: string[]
}

/** Per-request state every `/query` handler can read from `ctx.state`. */
export interface QueryState {
  requestId: string
  /** The Device header: the client's fingerprint, or null on a GET that sent none. */
  device: string | null
  /** The signed-in entity, resolved once on first use; null when nobody is signed in. */
  entity(): Promise<Entity | null>
  /**
   * The matched `/query` route's pattern (`/query/data/get/:type/:id`), set by the dispatcher
   * once it found the route; undefined elsewhere. The metrics label requests with it.
   */
  route?: string
}

/** Resolves the signed-in entity of a request: the `authenticator` service a plugin provides. */
export interface Authenticator {
  authenticate(ctx: import('koa').Context): Promise<Entity | null>
  /**
   * True when the request carries something that may sign it in (a session cookie), without any
   * I/O: a shared page cache answers only requests that do not.
   */
  carriesCredentials(ctx: Pick<import('koa').Context, 'cookies'>): boolean
}
