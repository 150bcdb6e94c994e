import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'
import { coloursFor } from './colours.js'
import { startBanner } from './start-banner.js'

const plain = coloursFor(false)
const width = (line: string) => [...stripVTControlCharacters(line)].length

describe('the start banner', () => {
  it('names the shop, the admin and the API, in a box of even lines', () => {
    const lines = startBanner({ url: 'http://localhost:3000' }, plain)
    expect(lines.join('\n')).toContain('Shop    http://localhost:3000/')
    expect(lines.join('\n')).toContain('Admin   http://localhost:3000/admin')
    expect(lines.join('\n')).toContain('API     http://localhost:3000/query')
    expect(lines.join('\n')).not.toContain('Password')
    expect(new Set(lines.map(width)).size).toBe(1)
    // Narrow enough for an 80-column terminal.
    expect(width(lines[0]!)).toBeLessThanOrEqual(80)
    expect(lines[0]).toMatch(/^┌─+┐$/)
    expect(lines.at(-1)).toMatch(/^└─+┘$/)
  })

  it("shows the first administrator's e-mail and password, and keeps the box even in colour", () => {
    const lines = startBanner(
      {
        url: 'http://127.0.0.1:3411',
        firstAdministrator: { email: 'admin@example.com', password: 'R15mCRsVS1dJi6lQ' },
      },
      coloursFor(true),
    )
    const text = lines.join('\n')
    expect(text).toContain('admin@example.com')
    expect(text).toContain('R15mCRsVS1dJi6lQ')
    expect(text).toContain('\u001b[1m')
    expect(new Set(lines.map(width)).size).toBe(1)
  })
})
