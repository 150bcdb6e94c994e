import { useEffect, useRef, useState } from 'react'
import {
  Button,
  useChoices,
  useT,
  type Choice,
  type FieldEditorProps,
} from '@shopwright/admin-ui/kit'
import type { PriceMatrix } from '../shared/prices.js'
import { DEFAULT_PRICE_LEVEL } from '../shared/types.js'
import {
  addBreak,
  addLine,
  hasProblems,
  MAX_BREAKS,
  parsePrice,
  parseQuantity,
  priceAt,
  removeBreak,
  removeLine,
  setCurrency,
  setLevel,
  setPrice,
  setQuantity,
  sortBreaks,
  tableOf,
  tableProblems,
} from './price-table.js'
import { useSiteCurrencies } from './site-currencies.js'
import './commerce.css'

/**
 * A number typed into the table: kept as typed while the input has the focus (so "12." stays on
 * screen while the table holds 12), handed on only when it reads as a number, and shown as
 * wrong otherwise.
 */
function NumberInput({
  id,
  value,
  parse,
  onValue,
  onLeave,
  readOnly,
  label,
  testId,
  wrong,
}: {
  id?: string
  value: number | null
  parse(text: string): number | null | undefined
  onValue(value: number | null): void
  onLeave?(): void
  readOnly?: boolean
  label: string
  testId: string
  /** Wrong for the table's sake (a break out of order), whatever this input reads. */
  wrong?: boolean
}) {
  const [typed, setTyped] = useState<string | null>(null)
  const unreadable = typed !== null && parse(typed) === undefined
  const invalid = unreadable || wrong === true
  return (
    <input
      id={id}
      className={`sw-input sw-price-input${invalid ? ' sw-price-wrong' : ''}`}
      inputMode="decimal"
      value={typed ?? (value === null ? '' : String(value))}
      readOnly={readOnly}
      aria-label={label}
      aria-invalid={invalid || undefined}
      data-testid={testId}
      onChange={(event) => {
        const text = event.target.value
        setTyped(text)
        const parsed = parse(text)
        if (parsed !== undefined) onValue(parsed)
      }}
      onBlur={() => {
        if (!unreadable) setTyped(null)
        onLeave?.()
      }}
    />
  )
}

/**
 * The currency a field's name names (`Prices 2 (EUR)`: a site keeps a table per currency, README
 * "Prices"), so the first line of an empty table starts in it rather than in the site's first.
 */
export function namedCurrency(name: string, currencies: readonly string[]): string | undefined {
  const words = new Set(name.toLowerCase().split(/[^a-z]+/))
  return currencies.find((currency) => words.has(currency.toLowerCase()))
}

/** Options of a select, with the stored value first when it is not one of them. */
function withStored(choices: Choice[], stored: string): Choice[] {
  return stored && !choices.some((choice) => choice.key === stored)
    ? [{ key: stored, label: stored, value: stored }, ...choices]
    : choices
}

/**
 * The editor of a price table (`pricematrix`, README "Prices"): a column per quantity break
 * (its quantity editable; Add Break, and a remove button on each while there are two or more),
 * a row per price level and currency (the level from the `pricelevel` list, the currency from the
 * site's; Add Line, and a remove button on each), and a decimal input per cell, where an empty
 * cell is no price. Only a table the item guard accepts is handed to the form: breaks that do not
 * rise, or two lines of one level and currency, are shown and kept here until they are put right
 * (leaving a break's input puts the breaks in order).
 */
export default function PriceTableEditor({
  field,
  value,
  onChange,
  readOnly,
  id,
}: FieldEditorProps) {
  const t = useT()
  const levels = useChoices('list', 'pricelevel')
  const siteCurrencies = useSiteCurrencies()
  const [pending, setPending] = useState<PriceMatrix | null>(null)
  // What this editor last handed on: any other value came from outside (a refresh).
  const handedOn = useRef<unknown>(value)
  useEffect(() => {
    if (value === handedOn.current) return
    handedOn.current = value
    setPending(null)
  }, [value])

  const table = pending ?? tableOf(value)
  const problems = tableProblems(table)
  const commit = (next: PriceMatrix) => {
    if (hasProblems(tableProblems(next))) {
      setPending(next)
      return
    }
    setPending(null)
    handedOn.current = next
    onChange(next)
  }
  const leaveBreak = () => {
    if (pending) commit(sortBreaks(pending))
  }

  const levelChoices = levels ?? []
  const levelName = (level: number) =>
    levelChoices.find((choice) => choice.key === String(level))?.label ?? String(level)
  const currencies = [
    ...new Set([...(siteCurrencies ?? []), ...table.lines.map((line) => line.currency)]),
  ].filter(Boolean)
  const currencyChoices: Choice[] = currencies.map((currency) => ({
    key: currency,
    label: currency.toUpperCase(),
    value: currency,
  }))

  const newLine = () => {
    const currency =
      table.lines[0]?.currency ?? namedCurrency(field.name, currencies) ?? currencies[0] ?? ''
    const taken = new Set(
      table.lines.filter((line) => line.currency === currency).map((line) => line.pricelevel),
    )
    const candidates = [
      DEFAULT_PRICE_LEVEL.value,
      ...levelChoices.map((choice) => Number(choice.key)),
    ]
    const level =
      candidates.find((each) => Number.isSafeInteger(each) && !taken.has(each)) ??
      DEFAULT_PRICE_LEVEL.value
    commit(addLine(table, level, currency))
  }

  return (
    <div className="sw-price-table" data-testid={`price-table-${field.id}`}>
      <div className="sw-price-scroll">
        <div className="sw-scroll-x">
          <table className="sw-mini-table">
            <thead>
              <tr>
                <th>{t('Price Level')}</th>
                <th>{t('Currency')}</th>
                {table.headers.map((header, column) => (
                  <th key={column}>
                    <span className="sw-price-break-label">{t('From')}</span>
                    <span className="sw-price-break">
                      <NumberInput
                        id={column === 0 ? id : undefined}
                        value={header.quantity}
                        parse={parseQuantity}
                        onValue={(quantity) => {
                          if (quantity !== null) commit(setQuantity(table, column, quantity))
                        }}
                        onLeave={leaveBreak}
                        readOnly={readOnly}
                        label={t('Quantity of break {0}', column + 1)}
                        testId={`${field.id}-break-${column}`}
                        wrong={problems.breaks.includes(column)}
                      />
                      {readOnly || table.headers.length === 1 ? null : (
                        <Button
                          icon="close"
                          aria-label={t('Remove Break')}
                          title={t('Remove Break')}
                          onClick={() => commit(removeBreak(table, column))}
                          data-testid={`${field.id}-remove-break-${column}`}
                        />
                      )}
                    </span>
                  </th>
                ))}
                {readOnly ? null : (
                  <th>
                    <Button
                      icon="plus"
                      disabled={table.headers.length >= MAX_BREAKS}
                      onClick={() => commit(addBreak(table))}
                      data-testid={`${field.id}-add-break`}
                    >
                      {t('Add Break')}
                    </Button>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {table.lines.map((line, row) => (
                <tr
                  key={row}
                  className={problems.lines.includes(row) ? 'sw-price-repeated' : undefined}
                  data-testid={`${field.id}-line-${row}`}
                >
                  <td>
                    <select
                      className="sw-input"
                      value={String(line.pricelevel)}
                      disabled={readOnly || levels === null}
                      aria-label={t('Price Level')}
                      data-testid={`${field.id}-level-${row}`}
                      onChange={(event) => commit(setLevel(table, row, Number(event.target.value)))}
                    >
                      {withStored(levelChoices, String(line.pricelevel)).map((choice) => (
                        <option key={choice.key} value={choice.key}>
                          {choice.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      className="sw-input"
                      value={line.currency}
                      disabled={readOnly || siteCurrencies === null}
                      aria-label={t('Currency')}
                      data-testid={`${field.id}-currency-${row}`}
                      onChange={(event) => commit(setCurrency(table, row, event.target.value))}
                    >
                      {withStored(currencyChoices, line.currency).map((choice) => (
                        <option key={choice.key} value={choice.key}>
                          {choice.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  {table.headers.map((header, column) => (
                    <td key={column}>
                      <NumberInput
                        value={priceAt(line, column)}
                        parse={parsePrice}
                        onValue={(price) => commit(setPrice(table, row, column, price))}
                        readOnly={readOnly}
                        label={t(
                          '{0} in {1} from {2}',
                          levelName(line.pricelevel),
                          line.currency.toUpperCase(),
                          header.quantity,
                        )}
                        testId={`${field.id}-price-${row}-${column}`}
                      />
                    </td>
                  ))}
                  {readOnly ? null : (
                    <td>
                      <Button
                        icon="delete"
                        aria-label={t('Remove Line')}
                        title={t('Remove Line')}
                        onClick={() => commit(removeLine(table, row))}
                        data-testid={`${field.id}-remove-line-${row}`}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {table.lines.length === 0 ? <p className="sw-muted">{t('No prices yet.')}</p> : null}
      {readOnly ? null : (
        <div className="sw-toolbar">
          <Button
            icon="plus"
            onClick={newLine}
            disabled={siteCurrencies === null}
            data-testid={`${field.id}-add-line`}
          >
            {t('Add Line')}
          </Button>
        </div>
      )}
      {problems.breaks.length > 0 ? (
        <p className="sw-price-problem" role="alert">
          {t('Each break must be a whole number above the one before it.')}
        </p>
      ) : null}
      {problems.lines.length > 0 ? (
        <p className="sw-price-problem" role="alert">
          {t('A price level has one line per currency.')}
        </p>
      ) : null}
      {pending ? (
        <p className="sw-price-problem">{t('The table is saved once this is put right.')}</p>
      ) : null}
    </div>
  )
}
