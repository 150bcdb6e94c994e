import { useState } from 'react'
import { useT } from '@shopwright/storefront/react'
import type { ItemAnswer } from '../../lib/commerce.js'
import type { ChildChoiceProps } from './item-logic.js'

/** What was picked of each option; null where nothing is yet. */
type Picks = ReadonlyArray<string | null>

/** The children that fit every pick but the one at `skip`. */
function fitting(item: ItemAnswer, picks: Picks, skip = -1) {
  return item.children.filter((child) =>
    picks.every((pick, at) => at === skip || pick === null || child.options[at] === pick),
  )
}

/** The picks an item starts with: an option with one value has it picked. */
function firstPicks(item: ItemAnswer, chosen: string | null): Picks {
  const child = item.children.find((each) => each.id === chosen)
  return item.options.map((option, at) =>
    child ? (child.options[at] ?? null) : option.values.length === 1 ? option.values[0]! : null,
  )
}

/**
 * The options of an item with children as dimensions (Colour, then Size), one row of choices
 * each, in the order the parent names them (README of commerce, "Options"). A value no child in
 * stock has with the other picks is shown struck through and named unavailable; it can still be
 * picked, which clears the picks it does not go with, so a shopper is never stuck. Once every
 * option is picked, `onChoose` gets the child they make (null while one is missing).
 */
export function OptionPickers({ item, chosen, onChoose, problem }: ChildChoiceProps) {
  const t = useT()
  const [picks, setPicks] = useState<Picks>(() => firstPicks(item, chosen))

  const pick = (at: number, value: string) => {
    let next = picks.map((each, index) => (index === at ? value : each))
    // Picks the new value does not go with are cleared, the new one kept.
    if (fitting(item, next).length === 0)
      next = next.map((each, index) =>
        index === at ||
        item.children.some((child) => child.options[at] === value && child.options[index] === each)
          ? each
          : null,
      )
    setPicks(next)
    const made = next.every((each) => each !== null) ? fitting(item, next)[0] : undefined
    onChoose(made?.id ?? null)
  }

  return (
    <div className="sw-pickers" data-testid="option-pickers">
      {item.options.map((option, at) => {
        const name = option.name || t('Option')
        const others = fitting(item, picks, at)
        return (
          <fieldset key={at} className="sw-options sw-picker" data-testid={`picker-${at}`}>
            <legend>
              {name}
              {picks[at] ? <span className="sw-picker-value">{t(': {0}', picks[at])}</span> : null}
            </legend>
            <div className="sw-option-list sw-option-chips">
              {option.values.map((value) => {
                const inStock = others.some(
                  (child) => child.options[at] === value && child.available > 0,
                )
                const checked = picks[at] === value
                return (
                  <label
                    key={value}
                    className={[
                      'sw-option',
                      'sw-chip',
                      inStock ? '' : 'sw-option-out',
                      checked ? 'sw-option-checked' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    data-testid={`option-${at}-${value}`}
                  >
                    <input
                      type="radio"
                      name={`option-${at}`}
                      value={value}
                      checked={checked}
                      onChange={() => pick(at, value)}
                    />
                    <span className="sw-option-name">{value}</span>
                    {inStock ? null : (
                      <span className="sw-visually-hidden">{t('(unavailable)')}</span>
                    )}
                  </label>
                )
              })}
            </div>
          </fieldset>
        )
      })}
      {problem ? (
        <p className="sw-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
