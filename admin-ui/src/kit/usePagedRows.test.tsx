// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { usePagedRows } from './usePagedRows.js'

describe('usePagedRows', () => {
  it('adds the next page below, starts afresh without a token, keeps the rows on a failure', async () => {
    const fetchPage = vi.fn(async (after: string | undefined) =>
      after ? { list: ['c'], nextpage: null } : { list: ['a', 'b'], nextpage: 'p2' },
    )
    const { result } = renderHook(() => usePagedRows(fetchPage))
    expect(result.current.loading).toBe(true)
    await act(() => result.current.load())
    expect(result.current).toMatchObject({ rows: ['a', 'b'], nextpage: 'p2', loading: false })
    await act(() => result.current.load('p2'))
    expect(fetchPage).toHaveBeenLastCalledWith('p2')
    expect(result.current).toMatchObject({ rows: ['a', 'b', 'c'], nextpage: undefined })
    fetchPage.mockRejectedValueOnce(new Error('down'))
    await act(() => result.current.load())
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error))
    expect(result.current.rows).toEqual(['a', 'b', 'c'])
    await act(() => result.current.load())
    expect(result.current).toMatchObject({ rows: ['a', 'b'], error: undefined })
  })
})
