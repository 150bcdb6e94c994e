// Reachability checks for the optional test services; each answers null when the service works,
// or a one-line reason when it does not.
import mysql from 'mysql2/promise'
import { Redis } from 'ioredis'

export async function probeMariaDb(url) {
  let connection
  try {
    connection = await mysql.createConnection({ uri: url, connectTimeout: 3000 })
    await connection.query('select 1')
    return null
  } catch (error) {
    return `${url}: ${error.code ?? error.message}`
  } finally {
    await connection?.end().catch(() => undefined)
  }
}

export async function probeRedis(url) {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return (await client.ping()) === 'PONG' ? null : `${url}: no PONG`
  } catch (error) {
    return `${url}: ${error.code ?? error.message}`
  } finally {
    client.disconnect()
  }
}
