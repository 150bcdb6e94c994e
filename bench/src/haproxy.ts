import fs from 'node:fs'
import path from 'node:path'
import type { BenchContext } from './scenario.js'
import { freePort, HOST, waitFor200 } from './http-probe.js'

/** Debian's HAProxy (`apt-get install haproxy`), when the machine has it. */
export const HAPROXY = '/usr/sbin/haproxy'

/** A load balancer in front of some nodes. */
export interface BalancerProcess {
  port: number
  pid: number
  /** What it is, for the report. */
  kind: string
  stop(): Promise<void>
}

/**
 * HAProxy balancing `ports` in turn (one thread, connections to the nodes kept open and shared),
 * as a production site would put in front of its nodes; resolves once `readyPath` answers 200
 * through it. Its configuration and log live in `dir`.
 */
export async function startHaproxy(
  context: BenchContext,
  ports: readonly number[],
  dir: string,
  readyPath: string,
): Promise<BalancerProcess> {
  const port = await freePort()
  const config = path.join(dir, `haproxy-${port}.cfg`)
  fs.writeFileSync(
    config,
    [
      'global',
      '  maxconn 4096',
      '  nbthread 1',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  option http-keep-alive',
      '  http-reuse always',
      'frontend site',
      `  bind ${HOST}:${port}`,
      '  default_backend nodes',
      'backend nodes',
      '  balance roundrobin',
      ...ports.map((node, index) => `  server node${index} ${HOST}:${node}`),
      '',
    ].join('\n'),
  )
  const log = fs.openSync(path.join(dir, `haproxy-${port}.log`), 'a')
  const child = context.children.spawn(HAPROXY, ['-f', config, '-db'], {
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  try {
    await waitFor200(port, readyPath, { intervalMs: 50, timeoutMs: 10_000, child })
  } catch (error) {
    await context.children.stop(child)
    throw error
  }
  return {
    port,
    pid: child.pid!,
    kind: 'HAProxy',
    stop: () => context.children.stop(child),
  }
}
