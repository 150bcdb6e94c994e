// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import type { QueryClient } from '@shopwright/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ClientContext, useClientApi } from './client.js'
import { fakeClient } from './test-client.js'

afterEach(cleanup)

const makeApi = vi.fn((client: QueryClient) => ({ client }))

/** Reports the api it was given at each render. */
function Probe({ seen }: { seen: unknown[] }) {
  seen.push(useClientApi(makeApi))
  return null
}

describe('useClientApi', () => {
  it('makes the api over the app’s client once, and again only for another client', () => {
    const first = fakeClient(() => () => 404).client
    const second = fakeClient(() => () => 404).client
    const seen: Array<{ client: QueryClient }> = []
    const view = (client: QueryClient) => (
      <ClientContext.Provider value={client}>
        <Probe seen={seen} />
      </ClientContext.Provider>
    )
    const { rerender } = render(view(first))
    rerender(view(first))
    expect(seen).toHaveLength(2)
    expect(seen[1]).toBe(seen[0])
    expect(seen[0]?.client).toBe(first)
    rerender(view(second))
    expect(seen[2]?.client).toBe(second)
    expect(makeApi).toHaveBeenCalledTimes(2)
  })
})
