import fs from 'node:fs'
import net from 'node:net'

// Plain JavaScript, with its types in free-port.d.ts: the built harnesses (the cluster suite's, the
// bench's) run it as it is, without a build of this package.
//
// Ports for the servers a test starts. A port the kernel hands out for listen(0) comes from its
// ephemeral range, the same range it draws the source port of every outgoing connection from: a
// server that binds it a minute later (a Galera joiner after its peers' state transfer) can find it
// taken by a client socket and fail with EADDRINUSE. So ports come from below that range, where only
// listeners live, and each is probed before it is handed out.

/** Ports the machine's own services and the lead engineer's test cluster use, free or not. */
const RESERVED = new Set([3306, 6379, 3321, 3322, 3323])
for (let port = 4561; port <= 4583; port++) RESERVED.add(port)

const LOWEST = 10_000
/** @type {Set<number>} */
const handedOut = new Set()

/** The first port of the kernel's ephemeral range (32768 when it cannot be read). */
function ephemeralStart() {
  try {
    const [low] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
    const value = Number(low)
    return Number.isInteger(value) && value > LOWEST + 1000 ? value : 32_768
  } catch {
    return 32_768
  }
}

/** @param {number} port @returns {Promise<boolean>} */
function listens(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true)),
    )
  })
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on now and that no outgoing connection will take,
 * never the same twice in one process. Parallel test processes draw at random from about 20,000
 * ports and probe each, so two rarely meet.
 */
export async function freePort() {
  const span = ephemeralStart() - LOWEST
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * span)
    if (RESERVED.has(port) || handedOut.has(port)) continue
    if (await listens(port)) {
      handedOut.add(port)
      return port
    }
  }
  throw new Error(`no free port found between ${LOWEST} and ${LOWEST + span}`)
}
