import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The templates folder of the installed CLI: `templates/` beside `dist/`. */
export const TEMPLATES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../templates',
)

/** npm leaves `.gitignore` out of a package, so the template keeps it without its dot. */
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' }

/** Replaces every `__TOKEN__` of a text; the tokens are the template's only moving parts. */
export function fillTokens(text: string, tokens: Readonly<Record<string, string>>): string {
  return text.replace(/__([A-Z][A-Z_]*?)__/g, (whole, token: string) => tokens[token] ?? whole)
}

/**
 * Copies a template folder into `target`, filling the tokens of every file's text and name. A file
 * already there is never overwritten: the whole copy is refused first, so nothing is half-written.
 * Answers the files written, relative to `target`.
 */
export function copyTemplate(
  template: string,
  target: string,
  tokens: Readonly<Record<string, string>>,
): string[] {
  const source = path.join(TEMPLATES_DIR, template)
  const files = listFiles(source).map((relative) => ({
    from: path.join(source, relative),
    to: fillTokens(
      relative
        .split(path.sep)
        .map((part) => RENAMED[part] ?? part)
        .join(path.sep),
      tokens,
    ),
  }))
  const clash = files.find((file) => fs.existsSync(path.join(target, file.to)))
  if (clash) throw new Error(`${path.join(target, clash.to)} already exists: nothing was written`)
  for (const file of files) {
    const to = path.join(target, file.to)
    fs.mkdirSync(path.dirname(to), { recursive: true })
    fs.writeFileSync(to, fillTokens(fs.readFileSync(file.from, 'utf8'), tokens))
  }
  return files.map((file) => file.to)
}

/** Every file below a folder, relative to it, in a stable order. */
function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
}
