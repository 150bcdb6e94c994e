import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cliVersion } from '../version.js'

/**
 * The tools a new project's own code is checked with. Kept equal to this repository's own
 * (cli/test/scaffold.test.ts compares them with the root package.json), so a project is tested with
 * what Shopwright itself is tested with.
 */
export const PROJECT_TOOLS: Readonly<Record<string, string>> = {
  '@types/node': '^20.19.0',
  '@types/react': '^19.2.0',
  '@types/react-dom': '^19.2.0',
  typescript: '~5.9.3',
  vitest: '^4.1.0',
}

/** The Shopwright packages a project's own code imports (the CLI brings the rest). */
const SHOPWRIGHT_PACKAGES = [
  '@shopwright/cli',
  '@shopwright/core',
  '@shopwright/plugin-records',
  '@shopwright/admin-ui',
  '@shopwright/storefront',
  '@shopwright/theme-default',
] as const

const requireHere = createRequire(import.meta.url)

/** A dependency range as an installed Shopwright package declares it (react's, say). */
function declaredRange(owner: string, name: string): string {
  const manifest = requireHere(`${owner}/package.json`) as Record<
    'dependencies' | 'peerDependencies',
    Record<string, string> | undefined
  >
  const range = manifest.dependencies?.[name] ?? manifest.peerDependencies?.[name]
  if (!range) throw new Error(`${owner} declares no range for ${name}`)
  return range
}

/**
 * Local package files to install instead of the registry's (`npm pack` output, as this
 * repository's tests use): `shopwright-plugin-records-0.1.0.tgz` stands for
 * `@shopwright/plugin-records`, as `file:` specs.
 */
export function packedPackages(folder: string): Record<string, string> {
  const specs: Record<string, string> = {}
  for (const file of fs.readdirSync(folder).sort()) {
    const match = /^shopwright-(.+)-\d+\.\d+\.\d+(?:-[\w.]+)?\.tgz$/.exec(file)
    if (match) specs[`@shopwright/${match[1]}`] = `file:${path.resolve(folder, file)}`
  }
  return specs
}

/**
 * A new project's package.json: its plugins and themes are npm workspaces (linked into
 * node_modules, so the configuration names them like any package), and its scripts are the
 * CLI's commands. With `packed`, every Shopwright package comes from those files, the ones the
 * CLI itself depends on too (npm's overrides).
 */
export function projectManifest(name: string, packed?: Record<string, string>): string {
  const version = `^${cliVersion()}`
  const dependencies: Record<string, string> = {}
  for (const pkg of SHOPWRIGHT_PACKAGES) dependencies[pkg] = packed?.[pkg] ?? version
  dependencies['react'] = declaredRange('@shopwright/theme-default', 'react')
  dependencies['react-dom'] = declaredRange('@shopwright/theme-default', 'react-dom')
  dependencies['react-router'] = declaredRange('@shopwright/admin-ui', 'react-router')
  // The embedded database's driver; a MariaDB site adds mysql2 (core names the missing one).
  dependencies['better-sqlite3'] = declaredRange('@shopwright/core', 'better-sqlite3')
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: '>=20.19' },
    workspaces: ['plugins/*', 'themes/*'],
    scripts: {
      start: 'shopwright build && shopwright start',
      develop: 'shopwright develop',
      build: 'shopwright build',
      test: 'vitest run',
      typecheck: 'tsc --noEmit',
    },
    dependencies: sorted(dependencies),
    devDependencies: sorted({
      ...PROJECT_TOOLS,
      // @shopwright/core/testing's requests without a socket: a test helper, so never a
      // production dependency of core (an optional peer there).
      'light-my-request': declaredRange('@shopwright/core', 'light-my-request'),
      // The plugins' tests run on MariaDB too when SW_TEST_MYSQL_URL is set.
      mysql2: declaredRange('@shopwright/core', 'mysql2'),
    }),
    // npm asks before running a package's install script; the SQLite driver builds its binary there.
    allowScripts: { 'better-sqlite3': true },
    ...(packed ? { overrides: sorted(packed) } : {}),
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

function sorted(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)))
}
