import { describe, expect, it } from 'vitest'
import {
  drivePlace,
  editorUrl,
  encodePath,
  isFilePath,
  isFixedFolder,
  placeUrl,
  takesSecurity,
} from './paths.js'
import { editorLanguage, fileKind } from './file-kinds.js'

describe('drive addresses', () => {
  it('encodes each name on its own and reads them back from the address', () => {
    expect(encodePath('public/My file #1.txt')).toBe('public/My%20file%20%231.txt')
    expect(placeUrl('/drive', 'public/a b')).toBe('/drive/public/a%20b')
    expect(placeUrl('/files', '')).toBe('/files')
    expect(drivePlace('/drive/public/My%20file%20%231.txt')).toEqual({
      base: '/drive',
      path: 'public/My file #1.txt',
    })
    // The first segment is the drive's, whatever the site named it.
    expect(drivePlace('/files')).toEqual({ base: '/files', path: '' })
    expect(drivePlace('/drive/%E0%A4%A')).toBeNull()
    expect(editorUrl('public/a b.json')).toBe('/editor?path=public%2Fa%20b.json')
  })

  it('tells files by the dot of their last name, and which folders never move', () => {
    expect(isFilePath('public/earth/layer.json')).toBe(true)
    expect(isFilePath('public/v1.2/notes')).toBe(false)
    expect(isFilePath('')).toBe(false)
    for (const path of ['', 'private', 'public', 'personal', 'personal/employee~7'])
      expect(isFixedFolder(path), path).toBe(true)
    expect(isFixedFolder('public/earth')).toBe(false)
    expect(isFixedFolder('personal/employee~7/notes')).toBe(false)
    expect(takesSecurity('public')).toBe(false)
    expect(takesSecurity('public/earth')).toBe(true)
  })

  it('opens text in the editor, with highlighting for the spec formats only', () => {
    expect(fileKind('a.csv')).toBe('text')
    expect(editorLanguage('a.csv')).toBe('plain')
    expect(editorLanguage('icon.SVG')).toBe('xml')
    expect(editorLanguage('app.js')).toBe('javascript')
    expect(fileKind('icon.svg')).toBe('text')
    expect(fileKind('photo.JPG')).toBe('image')
    expect(fileKind('terms.pdf')).toBe('pdf')
    expect(fileKind('archive.zip')).toBe('other')
  })
})
