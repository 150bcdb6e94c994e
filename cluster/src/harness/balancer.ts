import { fork } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { track } from './processes.js'

/** The round-robin proxy in a process of its own. */
export interface Balancer {
  port: number
  pid: number
  stop(): Promise<void>
}

/** The built script (`npm run build`), whether this file runs from src/harness or dist/harness. */
const SCRIPT = fileURLToPath(new URL('../../dist/harness/balancer-process.js', import.meta.url))

/**
 * Starts RoundRobinProxy over `ports` in a child process, so a load generator in this process and
 * the balancer do not share one thread: the bench measures the nodes, not its own proxy.
 */
export async function startBalancer(
  ports: readonly number[],
  options: { keepAlive?: boolean } = {},
): Promise<Balancer> {
  const child = fork(SCRIPT, [JSON.stringify({ ports, keepAlive: options.keepAlive === true })], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  track(child)
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the balancer exited with ${String(code)} before listening`)
    }),
  ])) as [{ port: number }]
  return {
    port: message.port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const gone = once(child, 'exit')
      child.kill('SIGTERM')
      await gone
    },
  }
}
