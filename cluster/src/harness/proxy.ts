import http from 'node:http'
import type net from 'node:net'

/** How long a node that refused a connection is left out of the rotation. */
export const DOWN_MS = 2_000

/** The header that names the node which answered. */
export const NODE_HEADER = 'x-cluster-node'
/** The request header that pins a request to one node (its index). */
export const PIN_HEADER = 'x-cluster-pin'

/** Headers that belong to one connection and are never forwarded (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

interface Upstream {
  port: number
  downUntil: number
}

/**
 * A round-robin HTTP load balancer in front of the app nodes: request i goes to node i mod n; a
 * node that refuses the connection (nothing was sent yet) is marked down for DOWN_MS and the next
 * node is tried, as a real balancer's passive health check does. Bodies stream both ways.
 */
export class RoundRobinProxy {
  private readonly server: http.Server
  private readonly upstreams: Upstream[]
  private next = 0
  // No keep-alive to the nodes by default: every request opens its own connection, so a refused
  // connection always means nothing was sent, and a killed node never leaves a stale pooled socket
  // behind. The bench keeps connections open, as a production balancer does: it kills no node.
  private readonly agent: http.Agent
  port = 0

  constructor(ports: number[], options: { keepAlive?: boolean } = {}) {
    this.agent = new http.Agent({ keepAlive: options.keepAlive === true, maxSockets: Infinity })
    this.upstreams = ports.map((port) => ({ port, downUntil: 0 }))
    this.server = http.createServer((request, response) => this.handle(request, response))
    // Uploads and slow drills: no server-side time limit on a request.
    this.server.requestTimeout = 0
    this.server.headersTimeout = 60_000
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.address() as net.AddressInfo).port
        resolve()
      })
    })
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve())
      this.server.closeAllConnections()
      this.agent.destroy()
    })
  }

  /** The order in which to try the nodes for one request. */
  private candidates(request: http.IncomingMessage): number[] {
    const pin = request.headers[PIN_HEADER]
    if (typeof pin === 'string' && pin !== '') {
      const index = Number(pin)
      return Number.isInteger(index) && index >= 0 && index < this.upstreams.length ? [index] : []
    }
    const count = this.upstreams.length
    const first = this.next++ % count
    const order = Array.from({ length: count }, (_, offset) => (first + offset) % count)
    const now = Date.now()
    const up = order.filter((index) => this.upstreams[index]!.downUntil <= now)
    // Every node marked down: try them all anyway rather than answer nothing.
    return up.length > 0 ? [...up, ...order.filter((index) => !up.includes(index))] : order
  }

  private forwardedHeaders(request: http.IncomingMessage): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === PIN_HEADER) continue
      headers[name] = value
    }
    const client = request.socket.remoteAddress ?? '127.0.0.1'
    const before = request.headers['x-forwarded-for']
    headers['x-forwarded-for'] = before ? `${String(before)}, ${client}` : client
    headers['x-forwarded-proto'] = 'http'
    return headers
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const order = this.candidates(request)
    if (order.length === 0) {
      response.writeHead(400, { 'content-type': 'text/plain' })
      response.end(`${PIN_HEADER} must name a node from 0 to ${this.upstreams.length - 1}\n`)
      return
    }
    const headers = this.forwardedHeaders(request)
    let current: http.ClientRequest | undefined
    const attempt = (position: number): void => {
      const index = order[position]!
      const upstream = this.upstreams[index]!
      let connected = false
      const outgoing = http.request({
        host: '127.0.0.1',
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
        agent: this.agent,
      })
      current = outgoing
      outgoing.on('socket', (socket) => {
        const send = (): void => {
          connected = true
          request.pipe(outgoing)
        }
        if (socket.connecting) socket.once('connect', send)
        else send()
      })
      outgoing.on('response', (answer) => {
        const out: http.OutgoingHttpHeaders = {}
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value
        out[NODE_HEADER] = String(index)
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, out)
        answer.pipe(response)
        answer.on('error', () => response.destroy())
      })
      outgoing.on('error', (error) => {
        if (!connected) {
          // Refused (or otherwise not connected): nothing was sent, another node may take it.
          upstream.downUntil = Date.now() + DOWN_MS
          if (position + 1 < order.length) {
            attempt(position + 1)
            return
          }
        }
        if (!response.headersSent) {
          response.writeHead(502, { 'content-type': 'text/plain', [NODE_HEADER]: String(index) })
          response.end(`cluster proxy: node ${index}: ${error.message}\n`)
        } else {
          response.destroy(error)
        }
      })
    }
    // The client went away before the answer ended: stop the upstream request too.
    response.on('close', () => {
      if (!response.writableFinished) current?.destroy()
    })
    attempt(0)
  }
}
