import { describe, expect, it } from 'vitest'
import { kindOfName, nameFault, nameProblem, pathNameProblem, portableName } from './names.js'

describe('drive names', () => {
  it('refuses new names Windows refuses, and says why', () => {
    expect(nameFault('a:b.txt', 'file')).toBe('it contains ":"')
    expect(nameFault('a\u200bb', 'folder')).toBe('it contains U+200B')
    expect(nameFault('report.', 'file')).toBe('it ends with a dot')
    expect(nameFault('CONOUT$.log', 'file')).toBe('it is a name Windows keeps for a device')
    expect(nameFault('nul .txt', 'file')).toBe('it is a name Windows keeps for a device')
    expect(nameFault('nullable.txt', 'file')).toBeNull()
    expect(nameProblem('lpt¹', 'folder')).toBe('ERROR_INVALID_FOLDER_NAME')
  })

  it('reads paths of older names with the base rules only', () => {
    for (const name of ['a:b.txt', 'report.', 'CON.txt', 'a\u202eb.txt', 'x\u200by'])
      expect(pathNameProblem(name, kindOfName(name)), name).toBeNull()
    for (const name of ['a/b', 'a\\b', 'a,b', 'a\u0000b', '..', ' ', 'dot.ted', 'x '])
      expect(pathNameProblem(name, 'folder'), name).toBe('ERROR_INVALID_FOLDER_NAME')
  })

  it('maps every name a path may hold to one a new entry may take, of the same kind', () => {
    const characters = [
      'a',
      '.',
      ' ',
      ':',
      '*',
      '?',
      '"',
      '<',
      '>',
      '|',
      '$',
      '\u0085',
      '\u200b',
      '\u202e',
      '\ufeff',
      'é',
    ]
    const stems = ['con', 'CONIN$', 'com1', 'x', 'aux ', 'Nul']
    let checked = 0
    for (const stem of stems)
      for (const first of characters)
        for (const second of characters) {
          const name = `${stem}${first}${second}`
          const kind = kindOfName(name)
          if (pathNameProblem(name, kind) !== null) continue
          const portable = portableName(name)
          expect(nameProblem(portable, kind), JSON.stringify([name, portable])).toBeNull()
          expect(kindOfName(portable)).toBe(kind)
          checked++
        }
    expect(checked).toBeGreaterThan(1000)
  })

  it('leaves a valid name as it is', () => {
    for (const name of ['photo.png', 'Console', 'com10.txt', 'a . b.txt', '😀.png'])
      expect(portableName(name)).toBe(name)
  })
})
