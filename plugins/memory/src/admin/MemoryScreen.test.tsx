// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import {
  MEMORY_TYPES,
  type ClearAnswer,
  type MemoryList,
  type MemoryType,
  type NodeStats,
} from '../shared/types.js'
import type { MemoryApi } from './memory-api.js'
import { Memory } from './MemoryScreen.js'
import '../shared/errors.js'

afterEach(cleanup)

const node = (id: string, extra: Partial<NodeStats> = {}): NodeStats => ({
  id,
  host: 'web1',
  pid: 42,
  self: false,
  started: 0,
  uptime: 90,
  seen: 0,
  heapUsed: 20_000_000,
  heapTotal: 40_000_000,
  rss: 120_000_000,
  caches: [
    {
      type: 'recordtype',
      memoryType: 'recordtype',
      entries: 7,
      hits: 30,
      sharedHits: 0,
      misses: 10,
    },
  ],
  hitRate: 0.75,
  ...extra,
})

const list = (nodes: NodeStats[]): MemoryList => ({
  nodes,
  types: MEMORY_TYPES.map((type) => ({
    type,
    caches: type === 'recordtype' ? ['recordcount', 'recordtext', 'recordtype'] : [],
  })),
  redis: 'up',
})

const answer = (types: MemoryType[], confirmed: number, asked: number): ClearAnswer => ({
  cleared: types,
  caches: {},
  nothing: [],
  nodes: { asked, confirmed, redis: 'up' },
})

function open(api: MemoryApi, canClear = true) {
  renderAt('/memory', <Memory api={api} canClear={canClear} />)
}

describe('the memory screen', () => {
  it("shows every node's figures and the types with what they clear", async () => {
    const api: MemoryApi = {
      list: () => Promise.resolve(list([node('aaaaaaaa-1', { self: true }), node('bbbbbbbb-2')])),
      clear: vi.fn(),
    }
    open(api)
    const first = await screen.findByTestId('node-aaaaaaaa-1')
    expect(within(first).getByText('Node aaaaaaaa (this node)')).toBeTruthy()
    expect(within(first).getByTestId('uptime').textContent).toBe('1.5 minutes')
    expect(within(first).getByTestId('rss').textContent).toBe('120 mb')
    expect(within(first).getByTestId('hit-rate').textContent).toBe('75%')
    expect(screen.getByText('Node bbbbbbbb')).toBeTruthy()
    const types = screen.getByTestId('memory-types')
    expect(within(types).getByText('recordcount, recordtext, recordtype')).toBeTruthy()
    // The entries of a type add up over the nodes.
    expect(within(types).getByText('14')).toBeTruthy()
    expect(within(types).getAllByText('None on this site').length).toBe(MEMORY_TYPES.length - 1)
  })

  it('clears one type after the confirmation, and says how many nodes confirmed', async () => {
    const clear = vi.fn((type?: MemoryType) => Promise.resolve(answer([type!], 2, 2)))
    open({ list: () => Promise.resolve(list([node('a', { self: true })])), clear })
    fireEvent.click(await screen.findByTestId('clear-recordtype'))
    expect(await screen.findByText('Are you sure you want to continue?')).toBeTruthy()
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(clear).toHaveBeenCalledWith('recordtype'))
    expect((await screen.findByTestId('clear-status')).textContent).toBe('Cleared on 2 of 2 nodes.')
  })

  it('clears nothing when the confirmation is cancelled, and everything with Clear All', async () => {
    const clear = vi.fn(() => Promise.resolve(answer([...MEMORY_TYPES], 1, 2)))
    open({ list: () => Promise.resolve(list([node('a', { self: true })])), clear })
    fireEvent.click(await screen.findByTestId('clear-all'))
    fireEvent.click(await screen.findByTestId('dialog-cancel'))
    await waitFor(() => expect(screen.queryByText('Are you sure you want to continue?')).toBeNull())
    expect(clear).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('clear-all'))
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    await waitFor(() => expect(clear).toHaveBeenCalledWith(undefined))
    expect((await screen.findByTestId('clear-status')).textContent).toBe(
      'Cleared on 1 of 2 nodes: the others did not confirm in time.',
    )
  })

  it('says when a type has nothing to clear on this site', async () => {
    const clear = vi.fn(() =>
      Promise.resolve({ ...answer(['css'], 1, 1), nothing: ['css'] as MemoryType[] }),
    )
    open({ list: () => Promise.resolve(list([node('a', { self: true })])), clear })
    fireEvent.click(await screen.findByTestId('clear-css'))
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    expect((await screen.findByTestId('clear-status')).textContent).toBe(
      'Nothing to clear: this site keeps no css in memory.',
    )
  })

  it("shows a refused clear under 'Unable to Clear' with the server's message", async () => {
    const clear = vi.fn(() =>
      Promise.reject(new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: '/query/x' })),
    )
    open({ list: () => Promise.resolve(list([node('a', { self: true })])), clear })
    fireEvent.click(await screen.findByTestId('clear-html'))
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    expect(await screen.findByText('Unable to Clear')).toBeTruthy()
    expect(screen.getByText('Access Denied.')).toBeTruthy()
  })

  it('offers no clear to someone who may only view', async () => {
    open({ list: () => Promise.resolve(list([node('a', { self: true })])), clear: vi.fn() }, false)
    await screen.findByTestId('node-a')
    expect(screen.queryByTestId('clear-all')).toBeNull()
    expect(screen.queryByTestId('clear-recordtype')).toBeNull()
  })

  it('shows an error view when the figures cannot be read', async () => {
    open({
      list: () =>
        Promise.reject(new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: '/query/x' })),
      clear: vi.fn(),
    })
    expect(await screen.findByText('Unable to View Memory')).toBeTruthy()
  })
})
