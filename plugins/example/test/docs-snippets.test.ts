import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const plugin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const repo = path.resolve(plugin, '../..')
const guide = path.join(repo, 'docs/plugins.md')
/** Inside the repository, so the snippets resolve the real packages; ignored by git and the linters. */
const work = path.join(plugin, 'node_modules/.docs-snippets')

interface Block {
  /** The line of the opening fence in docs/plugins.md. */
  line: number
  language: 'ts' | 'tsx'
  code: string
}

/** Every ```ts and ```tsx block of the guide, but those marked `nocompile`. */
function blocks(markdown: string): Block[] {
  const found: Block[] = []
  const lines = markdown.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const open = /^```(ts|tsx)(\s+nocompile)?\s*$/.exec(lines[index]!)
    if (!open) continue
    const end = lines.findIndex((text, at) => at > index && text.startsWith('```'))
    if (end < 0) throw new Error(`docs/plugins.md:${index + 1}: the block is never closed`)
    if (!open[2])
      found.push({
        line: index + 1,
        language: open[1] as 'ts' | 'tsx',
        code: lines.slice(index + 1, end).join('\n'),
      })
    index = end
  }
  return found
}

/**
 * A block whose first line names a file of this plugin (`// src/index.ts`) is that file as the
 * guide shows it: its relative imports are pointed at the plugin's real files, so it compiles
 * against what they export. Answers the code, or why the named file is not there.
 */
function placed(block: Block): string {
  const named = /^\/\/ ((?:src|test)\/\S+\.tsx?)\b/.exec(block.code)?.[1]
  if (!named) return block.code
  const file = path.join(plugin, named)
  if (!fs.existsSync(file))
    throw new Error(`docs/plugins.md:${block.line}: names ${named}, which plugins/example lacks`)
  return block.code.replace(
    /((?:from|import)\s*\(?\s*')(\.{1,2}\/[^']+)(')/g,
    (_match, before: string, target: string, after: string) =>
      `${before}${path.resolve(path.dirname(file), target)}${after}`,
  )
}

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('docs/plugins.md', () => {
  const found = blocks(fs.readFileSync(guide, 'utf8'))

  it('has TypeScript blocks, and few that are not compiled', () => {
    expect(found.length).toBeGreaterThan(10)
    const skipped = fs.readFileSync(guide, 'utf8').match(/^```tsx?\s+nocompile/gm) ?? []
    expect(skipped.length).toBeLessThanOrEqual(3)
  })

  it('compiles every block against the real packages', { timeout: 120_000 }, () => {
    fs.rmSync(work, { recursive: true, force: true })
    fs.mkdirSync(work, { recursive: true })
    const lineOf = new Map<string, number>()
    for (const block of found) {
      const name = `block-${block.line}.${block.language}`
      lineOf.set(name, block.line)
      // Each block is a module of its own (one without imports would share a global scope).
      fs.writeFileSync(path.join(work, name), `${placed(block)}\nexport {}\n`)
    }
    fs.writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(repo, 'tsconfig.base.json'),
        compilerOptions: {
          // As the admin compiles plugin admin modules (admin-ui/tsconfig.json); server code too.
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          jsx: 'react-jsx',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          types: ['node', 'vite/client'],
          noEmit: true,
          noUnusedLocals: false,
        },
        include: ['*.ts', '*.tsx'],
      }),
    )
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
    let output = ''
    try {
      execFileSync(process.execPath, [tsc, '-p', work, '--pretty', 'false'], {
        cwd: work,
        encoding: 'utf8',
      })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    // Each error as the guide's line: `docs/plugins.md:123: TS2322 ...`.
    const problems = output
      .split('\n')
      .filter((text) => text.trim() !== '')
      .map((text) => {
        const match = /(block-(\d+)\.tsx?)\((\d+),\d+\): (.*)$/.exec(text)
        return match ? `docs/plugins.md:${Number(match[2]) + Number(match[3])}: ${match[4]}` : text
      })
    expect(problems).toEqual([])
  })
})
