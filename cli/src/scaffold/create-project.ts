import fs from 'node:fs'
import path from 'node:path'
import { DEFAULT_PLUGINS } from '../resolve-plugins.js'
import { UsageError } from '../usage-error.js'
import { checkPartName, projectPackageName, titleOf } from './names.js'
import { newPlugin, newTheme, type NewPart } from './new-part.js'
import { packedPackages, projectManifest } from './project-manifest.js'
import type { Project } from './project.js'
import { copyTemplate } from './templates.js'

export interface CreateProjectOptions {
  /** The sample plugin's name. */
  plugin: string
  /** The theme's name. */
  theme: string
  /** A folder of `npm pack` files to install the Shopwright packages from (tests, offline work). */
  packages?: string
}

export interface CreatedProject {
  project: Project
  parts: NewPart[]
}

/**
 * `shopwright create project <folder>`: a project outside any Shopwright checkout that installs
 * and starts with `npm install && npm start`: package.json, shopwright.config.ts, a README, a
 * tsconfig, a sample plugin and a theme. The folder must be new or empty; nothing is overwritten.
 */
export function createProject(folder: string, options: CreateProjectOptions): CreatedProject {
  const root = path.resolve(folder)
  // Every name is checked before the first file is written: a refusal leaves nothing behind.
  checkPartName('plugin', options.plugin)
  checkPartName('theme', options.theme)
  if (fs.existsSync(root) && !fs.statSync(root).isDirectory())
    throw new UsageError(`${root} is a file: create the project in a new folder`)
  if (fs.existsSync(root) && fs.readdirSync(root).length > 0)
    throw new UsageError(`${root} is not empty: create the project in a new folder`)
  const name = projectPackageName(root)
  const packed = options.packages ? packedPackages(options.packages) : undefined
  if (packed && !packed['@shopwright/cli'])
    throw new UsageError(`${options.packages} holds no shopwright-cli-*.tgz made by npm pack`)
  fs.mkdirSync(root, { recursive: true })
  copyTemplate('project', root, {
    TITLE: titleOf(name),
    PLUGIN: options.plugin,
    THEME: options.theme,
    PLUGINS: DEFAULT_PLUGINS.map((plugin) => `'${plugin}'`).join(', '),
    THEME_PACKAGE: '@shopwright/theme-default',
  })
  fs.writeFileSync(path.join(root, 'package.json'), projectManifest(name, packed))
  const project: Project = { root, name, configFile: path.join(root, 'shopwright.config.ts') }
  return { project, parts: [newPlugin(project, options.plugin), newTheme(project, options.theme)] }
}
