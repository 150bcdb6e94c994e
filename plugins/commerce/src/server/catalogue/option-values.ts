/**
 * The option values of a child item (README, "Records": a child's item id is its parent's and its
 * options joined by ' : '): `Classic Tee : Blue : S` under `Classic Tee` is Blue and S, in that
 * order. The item page labels an option the same way (the theme's optionLabel). A child whose id
 * does not start with its parent's is known by its sku alone.
 */
import type { RecordData } from '@shopwright/core'
import { skuOf } from '../../shared/types.js'
import { textOf } from '../refs.js'

/** The longest value kept (the column's size). */
const VALUE_LENGTH = 191

/** A child item's option values, in the order its item id gives them. */
export function optionValues(parent: RecordData, child: RecordData): string[] {
  const itemid = textOf(child.itemid)
  const prefix = `${textOf(parent.itemid)} : `
  const own = itemid.startsWith(prefix) ? itemid.slice(prefix.length) : ''
  const parts = own ? own.split(' : ') : [skuOf(itemid)]
  return parts.map((part) => part.trim().slice(0, VALUE_LENGTH)).filter((part) => part !== '')
}

/**
 * The values a shopper reads: the child's `options` in their language ("Bleu : M", its
 * `translations`) when it names as many values, else its own values.
 */
export function shownValues(own: readonly string[], translatedOptions: string): string[] {
  const words = translatedOptions.split(' : ').map((word) => word.trim())
  return words.length === own.length && words.every(Boolean) ? words : [...own]
}
