// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AUTOSAVE_CAP_MS,
  AUTOSAVE_DELAY_MS,
  saveTime,
  useAutosave,
  type Autosave,
} from './autosave.js'

describe('saveTime', () => {
  it('saves 5 s after a change', () => {
    expect(saveTime(1_000, 1_000)).toBe(1_000 + AUTOSAVE_DELAY_MS)
  })
  it('pushes the save back while changes keep coming, up to 25 s after the first', () => {
    expect(saveTime(0, 10_000)).toBe(15_000)
    expect(saveTime(0, 22_000)).toBe(AUTOSAVE_CAP_MS)
    expect(saveTime(0, 30_000)).toBe(30_000)
  })
})

let autosave: Autosave
function Editor({ save, onUnload }: { save: () => Promise<void>; onUnload?: () => void }) {
  autosave = useAutosave(save, onUnload)
  return null
}

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('saves once, 5 s after the last of quick changes', async () => {
    const save = vi.fn(async () => {})
    render(<Editor save={save} />)
    act(() => autosave.changed())
    await act(async () => vi.advanceTimersByTime(3_000))
    act(() => autosave.changed())
    await act(async () => vi.advanceTimersByTime(4_900))
    expect(save).not.toHaveBeenCalled()
    await act(async () => vi.advanceTimersByTime(200))
    expect(save).toHaveBeenCalledTimes(1)
    expect(autosave.pending()).toBe(false)
  })

  it('does not push a save back past 25 s of steady changes', async () => {
    const save = vi.fn(async () => {})
    render(<Editor save={save} />)
    for (let second = 0; second < 30; second++) {
      act(() => autosave.changed())
      await act(async () => vi.advanceTimersByTime(1_000))
      if (second < 24) expect(save, `second ${second}`).not.toHaveBeenCalled()
    }
    expect(save).toHaveBeenCalled()
  })

  it('saves at once on flush, and on unmount when something is pending', async () => {
    const save = vi.fn(async () => {})
    const view = render(<Editor save={save} />)
    act(() => autosave.changed())
    await act(() => autosave.flush())
    expect(save).toHaveBeenCalledTimes(1)
    await act(() => autosave.flush())
    expect(save).toHaveBeenCalledTimes(1)
    act(() => autosave.changed())
    view.unmount()
    await act(async () => {})
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('calls the unload handler on pagehide only when a change is pending', () => {
    const onUnload = vi.fn()
    render(<Editor save={async () => {}} onUnload={onUnload} />)
    window.dispatchEvent(new Event('pagehide'))
    expect(onUnload).not.toHaveBeenCalled()
    act(() => autosave.changed())
    window.dispatchEvent(new Event('pagehide'))
    expect(onUnload).toHaveBeenCalledTimes(1)
  })
})
