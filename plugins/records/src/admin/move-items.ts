/** The list editors' moves: selected items to the top, up, down, to the bottom, or deleted. */
export type Move = 'top' | 'up' | 'down' | 'bottom' | 'delete'

/**
 * Moves the selected positions of a list, keeping their order among themselves; answers the new
 * list and where the selected items are now (none after a delete).
 */
export function moveItems<T>(
  items: readonly T[],
  selected: ReadonlySet<number>,
  how: Move,
): { items: T[]; selected: Set<number> } {
  const picked = items.filter((_item, index) => selected.has(index))
  const rest = items.filter((_item, index) => !selected.has(index))
  if (how === 'delete') return { items: rest, selected: new Set() }
  if (how === 'top' || how === 'bottom') {
    const next = how === 'top' ? [...picked, ...rest] : [...rest, ...picked]
    const start = how === 'top' ? 0 : rest.length
    return { items: next, selected: new Set(picked.map((_item, index) => start + index)) }
  }
  // One step up or down: each selected item swaps with its unselected neighbour, so a block
  // already at the edge stays put.
  const next = [...items]
  const positions = [...selected]
    .filter((index) => index >= 0 && index < items.length)
    .sort((a, b) => a - b)
  const order = how === 'up' ? positions : positions.reverse()
  const moved = new Set<number>()
  for (const index of order) {
    const target = how === 'up' ? index - 1 : index + 1
    if (target < 0 || target >= next.length || moved.has(target)) {
      moved.add(index)
      continue
    }
    ;[next[target], next[index]] = [next[index]!, next[target]!]
    moved.add(target)
  }
  return { items: next, selected: moved }
}
