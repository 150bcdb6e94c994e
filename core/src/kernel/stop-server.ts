import type http from 'node:http'

/**
 * Stops accepting connections, lets open requests finish, and cuts whatever is still open after
 * `timeout` milliseconds. Idle keep-alive connections are closed at once so they do not hold the stop.
 */
export async function stopServer(server: http.Server, timeout: number): Promise<void> {
  if (!server.listening) return
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  // Keep-alive connections that finish a request after close() began would otherwise stay open.
  const sweep = setInterval(() => server.closeIdleConnections(), 100)
  const timer = setTimeout(() => server.closeAllConnections(), timeout)
  try {
    await closed
  } finally {
    clearInterval(sweep)
    clearTimeout(timer)
  }
}
