// The balancer's own process (balancer.ts): node balancer-process.js '{"ports":[...],"keepAlive":true}'.
// Sends { port } over IPC once listening; stops on SIGTERM or when its parent goes.
import { RoundRobinProxy } from './proxy.js'

const { ports, keepAlive } = JSON.parse(process.argv[2] ?? '{}') as {
  ports: number[]
  keepAlive: boolean
}
const proxy = new RoundRobinProxy(ports, { keepAlive })
await proxy.listen(0)
process.send?.({ port: proxy.port })
const stop = (): void => {
  void proxy.close().then(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('disconnect', stop)
