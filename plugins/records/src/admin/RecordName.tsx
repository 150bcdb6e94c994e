import './names.css'

/**
 * Whether a record's id tells staff more than its name: not when it is the name, whatever the case
 * (a tax code `standard` named Standard).
 */
export function idAddsToName(name: string, id: string): boolean {
  return name.toLocaleLowerCase() !== id.toLocaleLowerCase()
}

/**
 * A record's name with its id in small type under or beside it (docs/admin.md, "Names"): staff read
 * the name; the id is there for addresses, imports and support. The id alone when it is the name.
 */
export function RecordName({ name, id }: { name: string; id: string }) {
  if (!idAddsToName(name, id)) return <span>{name}</span>
  return (
    <span className="records-name-cell">
      <span>{name}</span>
      <span className="records-id">{id}</span>
    </span>
  )
}

/** The id beside a title, unless the title is the id already. */
export function RecordIdNote({ name, id }: { name: string; id: string | null }) {
  if (!id || !idAddsToName(name, id)) return null
  return (
    <small className="records-id" data-testid="record-id">
      {id}
    </small>
  )
}
