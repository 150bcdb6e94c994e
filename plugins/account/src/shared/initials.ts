/** What an account's initials are made of: its name, or its given and family names. */
export interface NamedAccount {
  name?: string | null
  givenname?: string | null
  familyname?: string | null
}

/** The first letter of a word, whole even outside the BMP (an emoji, a CJK extension letter). */
const firstLetter = (word: string): string => Array.from(word)[0] ?? ''

/**
 * An account's initials, as the account icon shows them: the first letter of the first and of the
 * last word of its name (`Ada King Lovelace` is `AL`), else of its given and family names. Never
 * the e-mail's: an e-mail is not a name, and initials in a list must not leak one. Empty when the
 * account has no name.
 */
export function initialsOf(account: NamedAccount): string {
  const name = (account.name ?? '').trim()
  const words = name
    ? name.split(/\s+/)
    : [account.givenname ?? '', account.familyname ?? ''].map((part) => part.trim())
  const parts = words.filter(Boolean)
  if (parts.length === 0) return ''
  const letters =
    parts.length === 1
      ? firstLetter(parts[0]!)
      : firstLetter(parts[0]!) + firstLetter(parts.at(-1)!)
  return letters.toLocaleUpperCase()
}
