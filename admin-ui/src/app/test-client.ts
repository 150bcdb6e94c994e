import { createQueryClient, type QueryClient } from '@shopwright/client'

/**
 * Answers a call below /query (`/data/get/x?a=1`, decoded): a value is a 200 with it as JSON, a
 * number that error status (ERROR_ACCESS_DENIED, or ERROR_DATA_CONNECTION for 503).
 */
export type FakeAnswer = (path: string) => unknown

/** A `/query` client for tests, over a function instead of a server; `calls` lists what it asked. */
export function fakeClient(answer: () => FakeAnswer): { client: QueryClient; calls: string[] } {
  const calls: string[] = []
  const client = createQueryClient({
    device: 'test',
    fetch: async (url) => {
      const address = new URL(url, 'http://localhost')
      const path = decodeURIComponent(address.pathname.slice('/query'.length) + address.search)
      calls.push(path)
      const value = await answer()(path)
      const status = typeof value === 'number' ? value : 200
      const body = typeof value === 'number' ? { ok: false, message: 'ERROR_ACCESS_DENIED' } : value
      return { status, headers: { get: () => null }, text: async () => JSON.stringify(body) }
    },
  })
  return { client, calls }
}
