import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Folders that are outputs or installs, never a build's input. */
const SKIPPED = new Set(['node_modules', 'dist', '.shopwright', '.git'])

/**
 * A fingerprint of a build's inputs: every file's path, size and modification time below the
 * folders, and the extra texts (a package list, a version). Equal fingerprints mean nothing the
 * build reads has changed, so `npm start` after a build only starts.
 */
export function fingerprint(folders: readonly string[], extra: readonly string[] = []): string {
  const hash = crypto.createHash('sha256')
  for (const text of extra) hash.update(`${text}\n`)
  for (const folder of folders) {
    if (!fs.existsSync(folder)) continue
    for (const file of walk(folder)) {
      const stat = fs.statSync(file)
      hash.update(`${file}\t${stat.size}\t${stat.mtimeMs}\n`)
    }
  }
  return hash.digest('hex')
}

function walk(dir: string): string[] {
  const files: string[] = []
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED.has(entry.name)) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) files.push(...walk(full))
    else if (entry.isFile()) files.push(full)
  }
  return files
}

/** What the last build made, by step: `.shopwright/build.json`. */
export class BuildState {
  private readonly file: string
  private readonly steps: Record<string, string>

  constructor(root: string) {
    this.file = path.join(root, '.shopwright', 'build.json')
    try {
      this.steps =
        (JSON.parse(fs.readFileSync(this.file, 'utf8')) as { steps?: Record<string, string> })
          .steps ?? {}
    } catch {
      this.steps = {}
    }
  }

  /** True when the step was built from these inputs and its output is still there. */
  fresh(step: string, print: string, output: string): boolean {
    return this.steps[step] === print && fs.existsSync(output)
  }

  /** Records a step as built; written at once, so a later failing step keeps the earlier ones. */
  built(step: string, print: string): void {
    this.steps[step] = print
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    fs.writeFileSync(this.file, `${JSON.stringify({ steps: this.steps }, null, 2)}\n`)
  }
}
