/**
 * The folder each path datatype browses: `folder` the whole drive, the others their top-level
 * folder.
 */
export const PATH_DATATYPES = {
  folder: '',
  privatefolder: 'private',
  publicfolder: 'public',
  personalfolder: 'personal',
} as const

/** The picker's root for a field's datatype; the whole drive for any other. */
export function rootOfDatatype(datatype: string): string {
  return Object.hasOwn(PATH_DATATYPES, datatype)
    ? PATH_DATATYPES[datatype as keyof typeof PATH_DATATYPES]
    : ''
}
