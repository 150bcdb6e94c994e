/**
 * A picker's selection after a click on an entry: single select replaces whatever was chosen, multi
 * select toggles the entry.
 */
export function choose(selected: readonly string[], path: string, multiple: boolean): string[] {
  if (!multiple) return [path]
  return selected.includes(path) ? selected.filter((each) => each !== path) : [...selected, path]
}

/** True when the path is the root or lies below it ('' is the whole drive). */
export function isWithin(root: string, path: string): boolean {
  return root === '' || path === root || path.startsWith(`${root}/`)
}
