import type { ReactNode } from 'react'
import { useT } from '@shopwright/admin-ui/kit'
import type { LogPart, LogValue } from '../shared/types.js'

/** Children of a tree node shown before the rest is folded behind "more". */
const SHOWN_ENTRIES = 100

const isBranch = (value: LogValue): value is LogValue[] | { [key: string]: LogValue } =>
  typeof value === 'object' && value !== null

/** A scalar of an object tree, coloured by its type. */
function Leaf({ value }: { value: LogValue }) {
  if (value === null) return <span className="log-null">{String(value)}</span>
  if (typeof value === 'string') return <span className="log-string">{JSON.stringify(value)}</span>
  return <span className={`log-${typeof value}`}>{String(value)}</span>
}

/**
 * An object as a tree (an `object` part): each object or list is a node that folds; the first
 * level shows open, deeper ones folded, so a large object costs one line until opened.
 */
export function ObjectTree({
  label,
  value,
  depth = 0,
}: {
  label?: string
  value: LogValue
  depth?: number
}) {
  const t = useT()
  const name = label === undefined ? null : <span className="log-key">{label}: </span>
  if (!isBranch(value))
    return (
      <div className="log-tree-leaf">
        {name}
        <Leaf value={value} />
      </div>
    )
  const entries: Array<[string, LogValue]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value)
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`
  return (
    <details className="log-tree" open={depth === 0} data-testid="log-tree">
      <summary>
        {name}
        <span className="log-muted">{summary}</span>
      </summary>
      <div className="log-tree-children">
        {entries.slice(0, SHOWN_ENTRIES).map(([key, item]) => (
          <ObjectTree key={key} label={key} value={item} depth={depth + 1} />
        ))}
        {entries.length > SHOWN_ENTRIES ? (
          <div className="log-muted">{t('{0} more', entries.length - SHOWN_ENTRIES)}</div>
        ) : null}
      </div>
    </details>
  )
}

/** One part of a message, shown as what it is. */
function Part({ part }: { part: LogPart }): ReactNode {
  const t = useT()
  const label =
    'label' in part && part.label ? <span className="log-key">{part.label}: </span> : null
  switch (part.kind) {
    case 'text':
      return <span className="log-text">{part.text}</span>
    case 'bignumber':
      return (
        <span className="log-part">
          {label}
          <code className="log-bignumber" title={t('Big number')}>
            {part.value}
          </code>
        </span>
      )
    case 'error':
      return (
        <span className="log-part log-error" data-testid="log-error">
          {label}
          <strong>{part.name}</strong>
          {part.code ? <code className="log-code">{part.code}</code> : null}: {part.message}
        </span>
      )
    case 'stack':
      // Folded: a stack is long and read only when looked for.
      return (
        <details className="log-stack" data-testid="log-stack">
          <summary>{t('Stack')}</summary>
          <pre>{part.text}</pre>
        </details>
      )
    case 'context':
      return (
        <span className="log-context" data-testid="log-context">
          {Object.entries(part.values).map(([key, value]) => (
            <span key={key} className="log-context-entry">
              <span className="log-key">{key}</span>=<Leaf value={value} />
            </span>
          ))}
        </span>
      )
    case 'function':
      return (
        <span className="log-part">
          {label}
          {/* The `ƒ` before it is the stylesheet's: code notation, not a phrase. */}
          <code className="log-function">{`${part.name}()`}</code>
        </span>
      )
    case 'class':
      return (
        <span className="log-part">
          {label}
          {/* The `class` before it is the stylesheet's, as `ƒ` above. */}
          <code className="log-class">{part.name}</code>
        </span>
      )
    case 'object':
      return <ObjectTree label={part.label} value={part.value} />
    default:
      return null
  }
}

/** A line's message: its parts in order. */
export function MessageParts({ parts }: { parts: readonly LogPart[] }) {
  return (
    <div className="log-message">
      {parts.map((part, index) => (
        <Part key={index} part={part} />
      ))}
    </div>
  )
}
