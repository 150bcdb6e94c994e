import fs from 'node:fs'

const QUOTED = /'([^'\\\n]*)'|"([^"\\\n]*)"/g

/**
 * Edits of shopwright.config.ts that keep the rest of the file as its author wrote it: a package
 * added to the `plugins: [...]` list, the `theme: '...'` value replaced. A list holding more than
 * quoted names (a comment, an inline plugin, a spread) is not rewritten: the caller is told, and
 * says what to add by hand.
 */
export function addPluginToConfig(configFile: string, pluginPackage: string): boolean {
  const text = fs.readFileSync(configFile, 'utf8')
  const list = /^([ \t]*)plugins:\s*\[([^\]]*)\]/m.exec(text)
  if (!list) return false
  const [whole, indent = '', body = ''] = list
  if (body.replace(QUOTED, '').replace(/[\s,]/g, '') !== '') return false
  const names = [...body.matchAll(QUOTED)].map((match) => match[1] ?? match[2] ?? '')
  if (!names.includes(pluginPackage)) names.push(pluginPackage)
  const items = names.map((name) => `${indent}  '${name}',\n`).join('')
  const rewritten = `${indent}plugins: [\n${items}${indent}]`
  fs.writeFileSync(
    configFile,
    text.replace(whole, () => rewritten),
  )
  return true
}

/** Sets `theme: '<package>'`; false where the file has no such line. */
export function setThemeInConfig(configFile: string, themePackage: string): boolean {
  const text = fs.readFileSync(configFile, 'utf8')
  const theme = /(theme:\s*)(['"])[^'"\n]*\2/.exec(text)
  if (!theme) return false
  fs.writeFileSync(
    configFile,
    text.replace(theme[0], () => `${theme[1]}'${themePackage}'`),
  )
  return true
}
