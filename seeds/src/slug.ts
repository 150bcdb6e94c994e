/**
 * Turns a display name into an id that passes the spec's id rule (letters, digits, '-' and '_'),
 * for reference entries whose source gives a name but no code.
 */
export function slugId(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '') // drop the accents NFKD split off, so "Radoviš" becomes "radovis"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
