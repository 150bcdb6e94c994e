import { describe, expect, it, vi } from 'vitest'
import { Gestures, type GestureHandlers } from './gestures.js'

function handlers(picks = false) {
  return {
    drag: vi.fn<GestureHandlers['drag']>(),
    zoom: vi.fn<GestureHandlers['zoom']>(),
    moving: vi.fn<GestureHandlers['moving']>(),
    press: vi.fn<GestureHandlers['press']>(() => picks),
    tapEmpty: vi.fn<GestureHandlers['tapEmpty']>(),
  }
}

describe('Gestures', () => {
  it('drags with one pointer once it moves past the press slop', () => {
    const h = handlers()
    const gestures = new Gestures(h)
    gestures.down(1, 100, 100)
    expect(h.press).toHaveBeenCalledWith(100, 100)
    expect(h.moving).toHaveBeenLastCalledWith(true)
    gestures.move(1, 102, 100)
    expect(h.drag).not.toHaveBeenCalled()
    gestures.move(1, 110, 100)
    expect(h.drag).toHaveBeenLastCalledWith(10, 0)
    gestures.move(1, 115, 97)
    expect(h.drag).toHaveBeenLastCalledWith(5, -3)
    gestures.up(1)
    expect(h.tapEmpty).not.toHaveBeenCalled()
    expect(h.moving).toHaveBeenLastCalledWith(false)
  })

  it('pinches with two fingers by 1 + 0.005 x the distance change', () => {
    const h = handlers()
    const gestures = new Gestures(h)
    gestures.down(1, 100, 100)
    gestures.down(2, 200, 100)
    gestures.move(2, 220, 100)
    expect(h.zoom).toHaveBeenCalledTimes(1)
    expect(h.zoom.mock.calls[0]![0]).toBeCloseTo(1.1)
    gestures.move(1, 140, 100)
    expect(h.zoom.mock.calls[1]![0]).toBeCloseTo(0.8)
    expect(h.drag).not.toHaveBeenCalled()
    gestures.up(2)
    gestures.up(1)
    expect(h.tapEmpty).not.toHaveBeenCalled()
  })

  it('clears the picked marker on a tap that picks nothing, not on one that picks', () => {
    const empty = handlers(false)
    const tap = new Gestures(empty)
    tap.down(1, 10, 10)
    tap.up(1)
    expect(empty.tapEmpty).toHaveBeenCalledTimes(1)
    const hit = handlers(true)
    const pick = new Gestures(hit)
    pick.down(1, 10, 10)
    pick.up(1)
    expect(hit.tapEmpty).not.toHaveBeenCalled()
  })
})
