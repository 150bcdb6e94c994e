import net from 'node:net'
import { track, untrack } from './service-process.js'

/** A TCP proxy in front of a service, to cut one client off while others stay connected. */
export interface TcpProxy {
  readonly port: number
  /**
   * Cuts every connection through the proxy and refuses new ones; `silent` instead stops passing
   * bytes without closing anything, like a network that drops packets.
   */
  cut(options?: { silent?: boolean }): void
  /** Passes bytes again (held connections resume; refused ones must reconnect). */
  restore(): void
  close(): Promise<void>
}

/** Starts a TCP proxy on a free port to the target port on 127.0.0.1. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let state: 'open' | 'cut' | 'silent' = 'open'
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | undefined }>()

  const connectUpstream = (pair: { client: net.Socket; upstream: net.Socket | undefined }) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    pair.upstream = upstream
    pair.client.pipe(upstream)
    upstream.pipe(pair.client)
    pair.client.resume()
    upstream.on('error', () => pair.client.destroy())
    upstream.on('close', () => pair.client.destroy())
  }

  const server = net.createServer((client) => {
    if (state === 'cut') {
      client.destroy()
      return
    }
    const pair = { client, upstream: undefined as net.Socket | undefined }
    pairs.add(pair)
    client.on('error', () => pair.upstream?.destroy())
    client.on('close', () => {
      pair.upstream?.destroy()
      pairs.delete(pair)
    })
    if (state === 'silent') client.pause()
    else connectUpstream(pair)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const tracked = {
    kill: () => {
      for (const pair of pairs) {
        pair.client.destroy()
        pair.upstream?.destroy()
      }
      server.close()
    },
  }
  track(tracked)
  return {
    port: (server.address() as net.AddressInfo).port,
    cut(options = {}) {
      state = options.silent ? 'silent' : 'cut'
      for (const pair of pairs) {
        if (options.silent) {
          pair.client.unpipe()
          pair.upstream?.unpipe()
          pair.client.pause()
          pair.upstream?.pause()
        } else {
          pair.client.destroy()
          pair.upstream?.destroy()
        }
      }
    },
    restore() {
      state = 'open'
      for (const pair of pairs) {
        if (!pair.upstream) {
          connectUpstream(pair)
          continue
        }
        pair.client.pipe(pair.upstream)
        pair.upstream.pipe(pair.client)
        pair.client.resume()
        pair.upstream.resume()
      }
    },
    async close() {
      untrack(tracked)
      tracked.kill()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
