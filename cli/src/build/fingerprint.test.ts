import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BuildState, fingerprint } from './fingerprint.js'

describe('build fingerprints', () => {
  it('change with a source, not with the build output', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-print-'))
    fs.mkdirSync(path.join(dir, 'src'))
    fs.writeFileSync(path.join(dir, 'src/a.ts'), 'one')
    const first = fingerprint([dir], ['v1'])
    fs.mkdirSync(path.join(dir, 'dist'))
    fs.writeFileSync(path.join(dir, 'dist/a.js'), 'built')
    expect(fingerprint([dir], ['v1'])).toBe(first)
    expect(fingerprint([dir], ['v2'])).not.toBe(first)
    fs.writeFileSync(path.join(dir, 'src/a.ts'), 'three')
    expect(fingerprint([dir], ['v1'])).not.toBe(first)
  })

  it('remembers built steps across runs, and a missing output is never fresh', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-state-'))
    const output = path.join(root, 'out.js')
    new BuildState(root).built('plugin a', 'print-1')
    expect(new BuildState(root).fresh('plugin a', 'print-1', output)).toBe(false)
    fs.writeFileSync(output, '')
    expect(new BuildState(root).fresh('plugin a', 'print-1', output)).toBe(true)
    expect(new BuildState(root).fresh('plugin a', 'print-2', output)).toBe(false)
    fs.writeFileSync(path.join(root, '.shopwright/build.json'), '{not json')
    expect(new BuildState(root).fresh('plugin a', 'print-1', output)).toBe(false)
  })
})
