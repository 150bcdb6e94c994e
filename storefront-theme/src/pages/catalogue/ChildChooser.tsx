import { useT } from '@shopwright/storefront/react'
import { optionLabel, type ChildChoiceProps } from './item-logic.js'

/** The options of an item with children, by sku and what tells them apart, with their stock. */
export function ChildChooser({ item, chosen, onChoose, problem }: ChildChoiceProps) {
  const t = useT()
  return (
    <fieldset className="sw-options" data-testid="child-chooser">
      <legend>{t('Choose an option')}</legend>
      <div className="sw-option-list">
        {item.children.map((child) => {
          const out = child.available <= 0
          return (
            <label
              key={child.id}
              className={[
                'sw-option',
                out ? 'sw-option-out' : '',
                chosen === child.id ? 'sw-option-checked' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              data-testid={`child-${child.id}`}
            >
              <input
                type="radio"
                name="child"
                value={child.id}
                checked={chosen === child.id}
                disabled={out}
                onChange={() => onChoose(child.id)}
              />
              <span className="sw-option-name">{optionLabel(item, child)}</span>
              <span className="sw-option-stock">
                {out ? t('Out of stock') : t('{0} in stock', child.available)}
              </span>
            </label>
          )
        })}
      </div>
      {problem ? (
        <p className="sw-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
