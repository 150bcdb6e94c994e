import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

export interface PrebuiltMirror {
  /** npm's environment for an install that takes the SQLite driver's binary from the mirror. */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * Serves this checkout's own better-sqlite3 binary the way its release downloads are laid out, for
 * `npm install` in a made project (create-shopwright/test/registry.test.ts, the `create-project` bench).
 * A developer's install downloads that prebuilt binary in a second; this machine cannot reach
 * GitHub, so without the mirror each install compiles SQLite for about two minutes. prebuild-install
 * reads the mirror from `npm_config_better_sqlite3_binary_host`; a version the mirror does not have
 * answers 404, and the install compiles as it would have.
 */
export async function startPrebuiltMirror(): Promise<PrebuiltMirror> {
  const manifestFile = createRequire(import.meta.url).resolve('better-sqlite3/package.json')
  const driverDir = path.dirname(manifestFile)
  const { version } = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { version: string }
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sw-prebuilt-')), name)
  execFileSync('tar', ['-czf', archive, '-C', driverDir, 'build/Release/better_sqlite3.node'])
  const wanted = `/v${version}/${name}`
  const server = http.createServer((request, response) => {
    if (request.url !== wanted) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/gzip' })
    fs.createReadStream(archive).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    env: { npm_config_better_sqlite3_binary_host: `http://127.0.0.1:${port}` },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        fs.rmSync(path.dirname(archive), { recursive: true, force: true })
      }),
  }
}
