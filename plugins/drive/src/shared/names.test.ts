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

  it('takes ZWNJ and ZWJ where they join two letters or marks, or ZWJ two emoji', () => {
    const joined = [
      'می\u200cخواهم.txt', // Persian: "I want", the ZWNJ keeps the letters apart
      'کتاب\u200cها', // "books": a folder
      'क्\u200dष.txt', // Devanagari: after the virama (a mark)
      'n\u200dn.txt',
      '👩\u200d💻.png',
      '👨\u200d👩\u200d👧\u200d👦 family.png',
      '🏳\ufe0f\u200d🌈.png', // after the variation selector
      '👩🏽\u200d🚀.png', // after a skin tone
      '❤\ufe0f\u200d🔥 notes',
    ]
    for (const name of joined) expect(nameFault(name, kindOfName(name)), name).toBeNull()
    for (const name of joined) expect(portableName(name), name).toBe(name)
    const loose = [
      '\u200c',
      '\u200d',
      '\u200c\u200d',
      '\u200dname.txt',
      'name\u200c.txt',
      'name.txt\u200d',
      'a\u200c\u200cb.txt',
      'a\u200d\u200db.txt',
      'a\u200c 😀.txt',
      '😀\u200c😀.png', // ZWNJ joins no emoji
      'a\u200d😀.png', // a letter and an emoji
      '1\u200d2.txt', // digits are no letters
      'a \u200db.txt',
    ]
    for (const name of loose) {
      const kind = kindOfName(name)
      expect(nameProblem(name, kind), JSON.stringify(name)).not.toBeNull()
      expect(nameProblem(portableName(name), kind), JSON.stringify(name)).toBeNull()
    }
    expect(nameFault('a\u200c.txt', 'file')).toBe(
      'it contains U+200C that joins no two letters or emoji',
    )
    expect(portableName('\u200da\u200cb\u200d.txt')).toBe('_a\u200cb_.txt')
    // The other zero-width and bidi controls stay refused between letters too.
    for (const character of ['\u200b', '\u200e', '\u200f', '\u2060', '\u202e', '\ufeff'])
      expect(nameProblem(`a${character}b.txt`, 'file'), character).toBe('ERROR_INVALID_FILE_NAME')
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
      '\u200c',
      '\u200d',
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
