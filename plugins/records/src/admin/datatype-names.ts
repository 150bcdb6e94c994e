import { type FieldDatatype } from '@shopwright/client'
import type { Translate } from '@shopwright/admin-ui/kit'

/**
 * Each datatype's name and what it holds, as the field definitions editor offers them (the raw id
 * means little to someone new). Written out in t() calls, so the phrase check finds every one.
 */
const NAMES: Record<FieldDatatype, (t: Translate) => [string, string]> = {
  id: (t) => [t('Id'), t('letters, digits, - and _')],
  text: (t) => [t('Text'), t('one line')],
  decimal: (t) => [t('Decimal'), t('a number with decimals')],
  integer: (t) => [t('Whole Number'), t('a number without decimals')],
  hidden: (t) => [t('Hidden'), t('kept, never shown')],
  boolean: (t) => [t('Checkbox'), t('yes or no')],
  longtext: (t) => [t('Long Text'), t('several lines')],
  htmlx: (t) => [t('Rich Text'), t('formatted text, kept as safe HTML')],
  folder: (t) => [t('Drive Folder'), t('a folder of the drive')],
  privatefolder: (t) => [t('Private Folder'), t('a drive folder only staff reach')],
  publicfolder: (t) => [t('Public Folder'), t('a drive folder anyone may read')],
  personalfolder: (t) => [t('Personal Folder'), t('a drive folder of the signed-in account')],
  list: (t) => [t('List Value'), t('one value of a list')],
  lists: (t) => [t('List Values'), t('several values of a list')],
  record: (t) => [t('Record'), t('a link to one record')],
  recordlist: (t) => [t('Records'), t('links to several records')],
  icon: (t) => [t('Icon'), t('a name from the icon set')],
  datetime: (t) => [t('Date and Time'), t('a moment')],
  email: (t) => [t('Email'), t('an e-mail address')],
  password: (t) => [t('Password'), t('stored hashed, never shown')],
  color: (t) => [t('Colour'), t('a colour such as #1565c0')],
  log: (t) => [t('Log'), t('lines the server adds')],
  translations: (t) => [t('Translations'), t('a text in each language')],
  domain: (t) => [t('Domain'), t('a host name such as shop.example.com')],
}

/** The datatype's name and what it holds (`Whole Number: a number without decimals`). */
export function datatypeLabel(t: Translate, datatype: FieldDatatype): string {
  const [name, holds] = NAMES[datatype](t)
  return t('{0}: {1}', name, holds)
}
