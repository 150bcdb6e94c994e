import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the fake answers `POST /translate`. */
export type FakeMode = 'ok' | 'garbage' | 'short' | 'slow' | 'error'

/**
 * A small local server that speaks the LibreTranslate HTTP API: `GET /languages` and `POST
 * /translate` with `{ q, source, target, format, api_key }`. It "translates" by tagging each text
 * with the target (`[fr] Save`), and records every request so tests can check the batching.
 */
export async function startFakeLibreTranslate(): Promise<{
  url: string
  mode: FakeMode
  requests: Array<{ q: string[]; source: string; target: string; api_key?: string }>
  close(): Promise<void>
}> {
  const state = {
    mode: 'ok' as FakeMode,
    requests: [] as Array<{ q: string[]; source: string; target: string; api_key?: string }>,
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(typeof body === 'string' ? body : JSON.stringify(body))
      }
      if (req.method === 'GET' && req.url === '/languages')
        return send(200, [
          { code: 'en', name: 'English', targets: ['fr', 'de'] },
          { code: 'fr', name: 'French', targets: ['en'] },
          { code: 'de', name: 'German', targets: ['en'] },
        ])
      if (req.method !== 'POST' || req.url !== '/translate')
        return send(404, { error: 'Not Found' })
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        q: string[]
        source: string
        target: string
        api_key?: string
      }
      state.requests.push(body)
      switch (state.mode) {
        case 'garbage':
          res.writeHead(200, { 'content-type': 'text/html' })
          return res.end('<html>oops</html>')
        case 'short':
          return send(200, { translatedText: body.q.slice(1) })
        case 'error':
          return send(400, { error: `${body.target} is not supported` })
        case 'slow':
          return setTimeout(() => send(200, { translatedText: body.q }), 2_000)
        default:
          return send(200, { translatedText: body.q.map((text) => `[${body.target}] ${text}`) })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode
    },
    set mode(mode: FakeMode) {
      state.mode = mode
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
