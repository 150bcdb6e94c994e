// Pointer gestures on the globe: one pointer drags (rotates), two pinch (zoom), a press without a
// drag may pick a marker. Turns pointer events into view changes; no DOM of its own. Pure state.
import { pinchFactor } from './zoom.js'

/** How far a press may move (CSS px) and still count as a press rather than a drag. */
export const PRESS_SLOP = 4

export interface GestureHandlers {
  /** The pointer moved by (dx, dy) with one finger or the mouse down. */
  drag(dx: number, dy: number): void
  /** Two fingers: zoom by this factor. */
  zoom(factor: number): void
  /** A gesture starts (true) or every pointer is up (false). */
  moving(active: boolean): void
  /** A pointer went down at (x, y); answers whether it picked a marker. */
  press(x: number, y: number): boolean
  /** A press ended without a drag and without picking: clear the picked marker. */
  tapEmpty(): void
}

interface Tracked {
  x: number
  y: number
  startX: number
  startY: number
}

/** Tracks the pointers down on the canvas and calls the handlers. */
export class Gestures {
  readonly #pointers = new Map<number, Tracked>()
  readonly #handlers: GestureHandlers
  #dragged = false
  #picked = false

  constructor(handlers: GestureHandlers) {
    this.#handlers = handlers
  }

  down(id: number, x: number, y: number): void {
    if (this.#pointers.size === 0) {
      this.#dragged = false
      this.#picked = this.#handlers.press(x, y)
      this.#handlers.moving(true)
    } else this.#dragged = true // a second finger: a pinch, never a tap
    this.#pointers.set(id, { x, y, startX: x, startY: y })
  }

  move(id: number, x: number, y: number): void {
    const pointer = this.#pointers.get(id)
    if (!pointer) return
    if (this.#pointers.size >= 2) {
      const [a, b] = [...this.#pointers.values()]
      const before = Math.hypot(a!.x - b!.x, a!.y - b!.y)
      pointer.x = x
      pointer.y = y
      const after = Math.hypot(a!.x - b!.x, a!.y - b!.y)
      if (after !== before) this.#handlers.zoom(pinchFactor(before, after))
      return
    }
    const dx = x - pointer.x
    const dy = y - pointer.y
    pointer.x = x
    pointer.y = y
    if (!this.#dragged && Math.hypot(x - pointer.startX, y - pointer.startY) <= PRESS_SLOP) return
    if (!this.#dragged) {
      // The drag starts where the press was: the slop's movement is not lost.
      this.#dragged = true
      this.#handlers.drag(x - pointer.startX, y - pointer.startY)
      return
    }
    this.#handlers.drag(dx, dy)
  }

  up(id: number): void {
    if (!this.#pointers.delete(id)) return
    if (this.#pointers.size > 0) return
    if (!this.#dragged && !this.#picked) this.#handlers.tapEmpty()
    this.#handlers.moving(false)
  }

  /** Pointers down now. */
  get count(): number {
    return this.#pointers.size
  }
}
