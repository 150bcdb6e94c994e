import path from 'node:path'
import { UsageError } from '../usage-error.js'

/**
 * A plugin or theme name: it becomes a record type id, a security record id, a `/query` prefix, an
 * admin address, a table prefix and part of a package name, so it is what all of those accept:
 * lower-case letters and digits, starting with a letter.
 */
const PART_NAME = /^[a-z][a-z0-9]{1,39}$/

/** Checks a plugin or theme name, or says what is wrong with it. */
export function checkPartName(kind: 'plugin' | 'theme', name: string): string {
  if (!PART_NAME.test(name))
    throw new UsageError(
      `"${name}" cannot name a ${kind}: use 2 to 40 lower-case letters and digits, starting with a letter (e.g. "reviews")`,
    )
  return name
}

/**
 * The npm name of a new project: its folder's name, lower-cased, with what npm refuses turned into
 * dashes ("My Shop" is "my-shop"). The project's own packages are in its scope (`@my-shop/...`).
 */
export function projectPackageName(folder: string): string {
  const name = path
    .basename(path.resolve(folder))
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
  if (!/^[a-z0-9]/.test(name))
    throw new UsageError(
      `cannot make a package name of the folder "${folder}": name it with letters or digits`,
    )
  return name
}

/** "reviews" is shown as "Reviews", "my-shop" as "My Shop". */
export function titleOf(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
}
