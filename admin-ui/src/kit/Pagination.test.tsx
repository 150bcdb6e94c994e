// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTO_NEXT_INTERVAL, LoadMore, Pages, pageWindow } from './Pagination.js'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index)

afterEach(cleanup)

describe('pageWindow', () => {
  it('shows the one page of a single page', () => {
    expect(pageWindow(1, 1)).toEqual([1])
  })

  it('shows every page when there are up to 7', () => {
    for (const page of range(1, 7)) expect(pageWindow(page, 7)).toEqual(range(1, 7))
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
  })

  it('shows 7 pages from the start at the start of 100', () => {
    expect(pageWindow(1, 100)).toEqual(range(1, 7))
    expect(pageWindow(3, 100)).toEqual(range(1, 7))
    expect(pageWindow(4, 100)).toEqual(range(1, 7))
  })

  it('centres the current page in the middle of 100', () => {
    expect(pageWindow(5, 100)).toEqual(range(2, 8))
    expect(pageWindow(50, 100)).toEqual(range(47, 53))
  })

  it('shows the last 7 pages at the end of 100', () => {
    expect(pageWindow(100, 100)).toEqual(range(94, 100))
    expect(pageWindow(97, 100)).toEqual(range(94, 100))
    expect(pageWindow(96, 100)).toEqual(range(93, 99))
  })

  it('shows 8 pages as a window of 7', () => {
    expect(pageWindow(1, 8)).toEqual(range(1, 7))
    expect(pageWindow(8, 8)).toEqual(range(2, 8))
  })

  it('keeps a page outside the range inside it', () => {
    expect(pageWindow(0, 100)).toEqual(range(1, 7))
    expect(pageWindow(-5, 100)).toEqual(range(1, 7))
    expect(pageWindow(500, 100)).toEqual(range(94, 100))
    expect(pageWindow(Number.NaN, 10)).toEqual(range(1, 7))
  })

  it('shows no pages for no or an unknown page count', () => {
    expect(pageWindow(1, 0)).toEqual([])
    expect(pageWindow(1, -3)).toEqual([])
    expect(pageWindow(1, Number.NaN)).toEqual([])
  })

  it('takes another window size, the extra link of an even one after the page', () => {
    expect(pageWindow(50, 100, 5)).toEqual(range(48, 52))
    expect(pageWindow(50, 100, 6)).toEqual(range(48, 53))
    expect(pageWindow(50, 100, 1)).toEqual([50])
    expect(pageWindow(50, 100, 0)).toEqual([])
  })
})

describe('Pages', () => {
  const links = () => screen.getAllByTestId(/^page-\d+$/).map((link) => Number(link.textContent))

  it('shows the window of links with the current page marked', () => {
    render(<Pages page={50} pages={100} onPage={() => {}} />)
    expect(links()).toEqual(range(47, 53))
    const current = screen.getByTestId('page-50')
    expect(current.getAttribute('aria-current')).toBe('page')
    expect(screen.getByTestId('page-49').getAttribute('aria-current')).toBeNull()
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy()
  })

  it('goes to a clicked page and by the arrows', () => {
    const onPage = vi.fn()
    render(<Pages page={50} pages={100} onPage={onPage} />)
    fireEvent.click(screen.getByTestId('page-52'))
    fireEvent.click(screen.getByTestId('page-prev'))
    fireEvent.click(screen.getByTestId('page-next'))
    expect(onPage.mock.calls).toEqual([[52], [49], [51]])
  })

  it('does not go to the page already shown', () => {
    const onPage = vi.fn()
    render(<Pages page={3} pages={10} onPage={onPage} />)
    fireEvent.click(screen.getByTestId('page-3'))
    expect(onPage).not.toHaveBeenCalled()
  })

  it('disables previous on the first page and next on the last', () => {
    const onPage = vi.fn()
    const { rerender } = render(<Pages page={1} pages={10} onPage={onPage} />)
    const prev = screen.getByTestId('page-prev') as HTMLButtonElement
    expect(prev.disabled).toBe(true)
    expect((screen.getByTestId('page-next') as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(prev)
    expect(onPage).not.toHaveBeenCalled()

    rerender(<Pages page={10} pages={10} onPage={onPage} />)
    expect((screen.getByTestId('page-prev') as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByTestId('page-next') as HTMLButtonElement).disabled).toBe(true)
    expect(links()).toEqual(range(4, 10))
  })

  it('draws the arrows as chevrons with spoken names', () => {
    render(<Pages page={2} pages={3} onPage={() => {}} />)
    const prev = screen.getByRole('button', { name: 'Previous page' })
    expect(prev.querySelector('svg')!.getAttribute('data-icon')).toBe('chevron-left')
    const next = screen.getByRole('button', { name: 'Next page' })
    expect(next.querySelector('svg')!.getAttribute('data-icon')).toBe('chevron-right')
  })

  it('renders nothing for a single page', () => {
    const { container } = render(<Pages page={1} pages={1} onPage={() => {}} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('LoadMore', () => {
  function place(element: HTMLElement, top: number, height = 34) {
    element.getBoundingClientRect = () =>
      ({
        top,
        bottom: top + height,
        left: 0,
        right: 100,
        width: 100,
        height,
        x: 0,
        y: top,
      }) as DOMRect
  }

  beforeEach(() => {
    vi.useFakeTimers()
    window.innerHeight = 800
    window.innerWidth = 1000
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads more on a click and is disabled while loading', () => {
    const onMore = vi.fn()
    const { rerender } = render(<LoadMore hasMore loading={false} onMore={onMore} />)
    const button = screen.getByTestId('load-more') as HTMLButtonElement
    expect(button.textContent).toBe('Load More')
    fireEvent.click(button)
    expect(onMore).toHaveBeenCalledTimes(1)

    rerender(<LoadMore hasMore loading onMore={onMore} />)
    expect(button.disabled).toBe(true)
    expect(button.querySelector('svg[data-icon="loading"]')).not.toBeNull()
  })

  it('shows nothing when there is no more', () => {
    const { container } = render(<LoadMore hasMore={false} loading={false} onMore={() => {}} />)
    expect(container.innerHTML).toBe('')
  })

  it('without auto never loads by itself', () => {
    const onMore = vi.fn()
    render(<LoadMore hasMore loading={false} onMore={onMore} />)
    place(screen.getByTestId('load-more'), 100)
    act(() => vi.advanceTimersByTime(5000))
    expect(onMore).not.toHaveBeenCalled()
  })

  it('with auto loads every 500 ms while the button is in view', () => {
    const onMore = vi.fn()
    render(<LoadMore hasMore loading={false} onMore={onMore} auto />)
    place(screen.getByTestId('load-more'), 700)
    act(() => vi.advanceTimersByTime(AUTO_NEXT_INTERVAL - 1))
    expect(onMore).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onMore).toHaveBeenCalledTimes(1)
    // Still in view (a short page): it keeps loading.
    act(() => vi.advanceTimersByTime(AUTO_NEXT_INTERVAL))
    expect(onMore).toHaveBeenCalledTimes(2)
  })

  it('with auto waits while the button is below or above the window', () => {
    const onMore = vi.fn()
    render(<LoadMore hasMore loading={false} onMore={onMore} auto />)
    const button = screen.getByTestId('load-more')
    place(button, 900)
    act(() => vi.advanceTimersByTime(2000))
    place(button, -100)
    act(() => vi.advanceTimersByTime(2000))
    expect(onMore).not.toHaveBeenCalled()
    // Scrolled into view: the next check loads.
    place(button, 780)
    act(() => vi.advanceTimersByTime(AUTO_NEXT_INTERVAL))
    expect(onMore).toHaveBeenCalledTimes(1)
  })

  it('with auto ignores a hidden button', () => {
    const onMore = vi.fn()
    render(<LoadMore hasMore loading={false} onMore={onMore} auto />)
    screen.getByTestId('load-more').getBoundingClientRect = () => new DOMRect(0, 0, 0, 0)
    act(() => vi.advanceTimersByTime(2000))
    expect(onMore).not.toHaveBeenCalled()
  })

  it('with auto waits while loading and uses the newest onMore', () => {
    const first = vi.fn()
    const second = vi.fn()
    const { rerender } = render(<LoadMore hasMore loading onMore={first} auto />)
    place(screen.getByTestId('load-more'), 100)
    act(() => vi.advanceTimersByTime(2000))
    expect(first).not.toHaveBeenCalled()
    rerender(<LoadMore hasMore loading={false} onMore={second} auto />)
    act(() => vi.advanceTimersByTime(AUTO_NEXT_INTERVAL))
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('with auto stops when there is no more or it unmounts', () => {
    const onMore = vi.fn()
    const { rerender, unmount } = render(<LoadMore hasMore loading={false} onMore={onMore} auto />)
    place(screen.getByTestId('load-more'), 100)
    rerender(<LoadMore hasMore={false} loading={false} onMore={onMore} auto />)
    act(() => vi.advanceTimersByTime(2000))
    expect(onMore).not.toHaveBeenCalled()
    rerender(<LoadMore hasMore loading={false} onMore={onMore} auto />)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
