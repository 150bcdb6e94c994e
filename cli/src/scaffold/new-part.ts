import fs from 'node:fs'
import path from 'node:path'
import { DEFAULT_PLUGINS } from '../resolve-plugins.js'
import { UsageError } from '../usage-error.js'
import { addPluginToConfig, setThemeInConfig } from './config-file.js'
import { checkPartName, titleOf } from './names.js'
import type { Project } from './project.js'
import { copyTemplate } from './templates.js'

/** What `new plugin` and `new theme` made, for the command to report. */
export interface NewPart {
  kind: 'plugin' | 'theme'
  name: string
  package: string
  dir: string
  files: string[]
  /** False when shopwright.config.ts could not be edited: the person is told what to add. */
  configured: boolean
}

/** A part's folder, refused when something is there already (nothing is overwritten). */
function partFolder(project: Project, kind: 'plugin' | 'theme', name: string): string {
  const dir = path.join(project.root, kind === 'plugin' ? 'plugins' : 'themes', name)
  if (fs.existsSync(dir)) throw new UsageError(`${dir} already exists: choose another ${kind} name`)
  return dir
}

/**
 * `shopwright new plugin <name>`: plugins/<name> with a record type and its security record (seeds),
 * a table of its own (a migration), a public list and a like call, an admin panel and a test on
 * both databases; added to the configuration's plugins.
 */
export function newPlugin(project: Project, name: string): NewPart {
  checkPartName('plugin', name)
  if (DEFAULT_PLUGINS.includes(name) || name === 'example')
    throw new UsageError(`"${name}" is a built-in plugin's name: choose another`)
  const dir = partFolder(project, 'plugin', name)
  const pkg = `@${project.name}/plugin-${name}`
  const files = copyTemplate('plugin', dir, {
    NAME: name,
    TITLE: titleOf(name),
    CONST: `${name.toUpperCase()}_TYPE`,
    PACKAGE: pkg,
  })
  const configured = addPluginToConfig(project.configFile, pkg)
  return { kind: 'plugin', name, package: pkg, dir, files, configured }
}

/**
 * `shopwright new theme <name>`: themes/<name>, the default theme with a home page and styles of
 * its own, made the site's theme.
 */
export function newTheme(project: Project, name: string): NewPart {
  checkPartName('theme', name)
  const dir = partFolder(project, 'theme', name)
  const pkg = `@${project.name}/theme-${name}`
  const files = copyTemplate('theme', dir, { NAME: name, TITLE: titleOf(name), PACKAGE: pkg })
  const configured = setThemeInConfig(project.configFile, pkg)
  return { kind: 'theme', name, package: pkg, dir, files, configured }
}
