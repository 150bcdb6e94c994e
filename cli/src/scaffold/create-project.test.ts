import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { UsageError } from '../usage-error.js'
import { createProject } from './create-project.js'

const OPTIONS = { plugin: 'hello', theme: 'shop' }

describe('shopwright create project refuses a folder it would have to overwrite', () => {
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sw-create-'))

  it('names a file given as the folder, and leaves it as it was', () => {
    const file = path.join(scratch(), 'notes.txt')
    fs.writeFileSync(file, 'keep me')
    expect(() => createProject(file, OPTIONS)).toThrow(UsageError)
    expect(() => createProject(file, OPTIONS)).toThrow(`${file} is a file`)
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me')
  })

  it('names a folder that is not empty, and writes nothing into it', () => {
    const folder = scratch()
    fs.writeFileSync(path.join(folder, 'package.json'), '{}')
    expect(() => createProject(folder, OPTIONS)).toThrow(`${folder} is not empty`)
    expect(fs.readdirSync(folder)).toEqual(['package.json'])
  })
})
