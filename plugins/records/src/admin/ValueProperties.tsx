import { useState } from 'react'
import { Button, Dialog, useDialogs, useT, type Translate } from '@shopwright/admin-ui/kit'

/** An entry's properties besides id and name (a currency's symbol, a menu item's link). */
export type Properties = Record<string, unknown>

/** One property as the form edits it: its name, and its value as typed. */
export interface Row {
  key: string
  /** `text` and `number` are typed in; `yes`/`no` is a checkbox; anything else is JSON. */
  kind: 'text' | 'number' | 'boolean' | 'json'
  text: string
}

function rowOf(key: string, value: unknown): Row {
  if (typeof value === 'string') return { key, kind: 'text', text: value }
  if (typeof value === 'number') return { key, kind: 'number', text: String(value) }
  if (typeof value === 'boolean') return { key, kind: 'boolean', text: String(value) }
  return { key, kind: 'json', text: JSON.stringify(value) }
}

/** The rows as properties, or what is wrong with them (translated). */
export function propertiesOf(
  rows: readonly Row[],
  t: Translate,
): { properties: Properties } | { problem: string } {
  const properties: Properties = {}
  for (const row of rows) {
    const key = row.key.trim()
    if (!key) return { problem: t('Every property needs a name.') }
    if (key === 'id' || key === 'name' || key === '__proto__')
      return { problem: t('Id and name are edited in the table.') }
    if (Object.hasOwn(properties, key)) return { problem: t('Two properties have the same name.') }
    if (row.kind === 'number') {
      const number = Number(row.text)
      if (row.text.trim() === '' || !Number.isFinite(number))
        return { problem: t('A number property needs a number.') }
      properties[key] = number
    } else if (row.kind === 'boolean') properties[key] = row.text === 'true'
    else if (row.kind === 'json') {
      try {
        properties[key] = JSON.parse(row.text) as unknown
      } catch {
        return { problem: t('A JSON property needs valid JSON.') }
      }
    } else properties[key] = row.text
  }
  return { properties }
}

/**
 * The properties of a list value as a form: a name and a value per row (text, number, yes or
 * no, or JSON for lists and objects such as a menu's submenus), with rows to add and remove, and
 * the whole as JSON for those who prefer it. Nothing an entry holds is hidden or lost.
 */
function PropertiesForm({
  initial,
  onDone,
  onClose,
}: {
  initial: Properties
  onDone(properties: Properties): void
  onClose(): void
}) {
  const t = useT()
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries(initial).map(([key, value]) => rowOf(key, value)),
  )
  const [json, setJson] = useState<string | null>(null)
  const set = (index: number, change: Partial<Row>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)))
  const current = (): { properties: Properties } | { problem: string } => {
    if (json === null) return propertiesOf(rows, t)
    try {
      const parsed: unknown = JSON.parse(json.trim() || '{}')
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error()
      const rest = { ...(parsed as Properties) }
      delete rest.id
      delete rest.name
      return { properties: rest }
    } catch {
      return { problem: t('Properties must be a JSON object.') }
    }
  }
  const toggleJson = () => {
    if (json === null) {
      const now = propertiesOf(rows, t)
      setJson(JSON.stringify('properties' in now ? now.properties : initial, null, 2))
      return
    }
    const now = current()
    if ('properties' in now) {
      setRows(Object.entries(now.properties).map(([key, value]) => rowOf(key, value)))
      setJson(null)
    }
  }
  return (
    <Dialog
      title={t('Properties')}
      onClose={onClose}
      validate={() => {
        const now = current()
        return 'problem' in now ? now.problem : null
      }}
      actions={[
        { label: t('Cancel'), testId: 'properties-cancel', run: onClose },
        {
          label: t('OK'),
          testId: 'properties-ok',
          primary: true,
          validates: true,
          run: () => {
            const now = current()
            if ('properties' in now) onDone(now.properties)
          },
        },
      ]}
    >
      {json === null ? (
        <div className="sw-scroll-x">
          <table className="sw-mini-table" data-testid="properties-table">
            <thead>
              <tr>
                <th>{t('Name')}</th>
                <th>{t('Kind')}</th>
                <th>{t('Value')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <td>
                    <input
                      className="sw-input"
                      aria-label={`${t('Name')} ${index + 1}`}
                      value={row.key}
                      onChange={(event) => set(index, { key: event.target.value })}
                      data-testid={`property-key-${index}`}
                    />
                  </td>
                  <td>
                    <select
                      className="sw-input"
                      aria-label={`${t('Kind')} ${index + 1}`}
                      value={row.kind}
                      onChange={(event) =>
                        set(index, {
                          kind: event.target.value as Row['kind'],
                          text: event.target.value === 'boolean' ? 'false' : row.text,
                        })
                      }
                    >
                      <option value="text">{t('Text')}</option>
                      <option value="number">{t('Number')}</option>
                      <option value="boolean">{t('Yes or No')}</option>
                      <option value="json">{t('JSON')}</option>
                    </select>
                  </td>
                  <td>
                    {row.kind === 'boolean' ? (
                      <input
                        type="checkbox"
                        aria-label={`${t('Value')} ${index + 1}`}
                        checked={row.text === 'true'}
                        onChange={(event) => set(index, { text: String(event.target.checked) })}
                      />
                    ) : (
                      <input
                        className="sw-input"
                        aria-label={`${t('Value')} ${index + 1}`}
                        inputMode={row.kind === 'number' ? 'decimal' : undefined}
                        value={row.text}
                        onChange={(event) => set(index, { text: event.target.value })}
                        data-testid={`property-value-${index}`}
                      />
                    )}
                  </td>
                  <td>
                    <Button
                      icon="delete"
                      aria-label={`${t('Remove Property')} ${index + 1}`}
                      onClick={() => setRows(rows.filter((_, at) => at !== index))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <textarea
          className="sw-input sw-properties-json"
          aria-label={t('JSON')}
          rows={10}
          value={json}
          onChange={(event) => setJson(event.target.value)}
          data-testid="properties-json"
        />
      )}
      <div className="sw-toolbar">
        {json === null ? (
          <Button
            icon="plus"
            onClick={() => setRows([...rows, { key: '', kind: 'text', text: '' }])}
            data-testid="property-add"
          >
            {t('Add Property')}
          </Button>
        ) : null}
        <Button icon="code-braces" onClick={toggleJson} data-testid="properties-json-toggle">
          {json === null ? t('Edit as JSON') : t('Edit as Form')}
        </Button>
      </div>
    </Dialog>
  )
}

/** A short line of an entry's properties for its table cell (`symbol: $, code: usd`). */
export function propertiesSummary(properties: Properties): string {
  return Object.entries(properties)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ')
}

/**
 * A list value's other properties in its table cell: a summary, and an Edit button that opens
 * the properties form. The entry keeps its id and name whatever the form holds.
 */
export function ValueProperties({
  properties,
  readOnly,
  onChange,
  index,
}: {
  properties: Properties
  readOnly?: boolean
  onChange(properties: Properties): void
  index: number
}) {
  const t = useT()
  const dialogs = useDialogs()
  const summary = propertiesSummary(properties)
  const edit = async () => {
    const next = await dialogs.open<Properties>(
      ({ close }) => (
        <PropertiesForm initial={properties} onDone={close} onClose={() => close(null)} />
      ),
      'md',
    )
    if (next) onChange(next)
  }
  return (
    <span className="sw-value-properties">
      <span className="sw-muted" title={summary}>
        {summary.length > 60 ? `${summary.slice(0, 60)}…` : summary}
      </span>
      {readOnly ? null : (
        <Button onClick={() => void edit()} data-testid={`list-properties-${index}`}>
          {t('Edit')}
        </Button>
      )}
    </span>
  )
}
