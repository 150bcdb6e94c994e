#!/usr/bin/env node
// Every package of the repository carries one version, and names the others at exactly that version
// (docs/contributing.md, "Packages and the registry"): a project installs a set of Shopwright
// packages that were built and tested together.
//
//   node scripts/versions.mjs check        lists what differs (exit 1), or says all agree
//   node scripts/versions.mjs set 0.2.0    moves every package and every reference to 0.2.0,
//                                          then updates package-lock.json
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
]
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/

/** The root manifest and every workspace's, each with its file. */
export function readManifests(root) {
  const rootFile = path.join(root, 'package.json')
  const rootManifest = JSON.parse(fs.readFileSync(rootFile, 'utf8'))
  const folders = rootManifest.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(root, pattern.slice(0, -2)))
          .map((name) => path.join(pattern.slice(0, -2), name))
      : [pattern],
  )
  const workspaces = folders
    .map((folder) => path.join(root, folder, 'package.json'))
    .filter((file) => fs.existsSync(file))
    .map((file) => ({ file, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) }))
  return [{ file: rootFile, manifest: rootManifest }, ...workspaces]
}

/** What differs from the root's version: a package's own version, or a reference to a sibling. */
export function versionProblems(manifests) {
  const version = manifests[0].manifest.version
  const names = new Set(manifests.map(({ manifest }) => manifest.name))
  const problems = []
  for (const { manifest } of manifests) {
    if (manifest.version !== version)
      problems.push(`${manifest.name} is at ${manifest.version}, not ${version}`)
    for (const field of DEPENDENCY_FIELDS)
      for (const [name, range] of Object.entries(manifest[field] ?? {}))
        if (names.has(name) && range !== version)
          problems.push(
            `${manifest.name} names ${name} at "${range}" in ${field}, not "${version}"`,
          )
  }
  return problems
}

/** The manifests moved to `version`: their own versions and their references to each other. */
export function withVersion(manifests, version) {
  if (!SEMVER.test(version)) throw new Error(`"${version}" is not a version such as 1.2.3`)
  const names = new Set(manifests.map(({ manifest }) => manifest.name))
  return manifests.map(({ file, manifest }) => {
    const moved = { ...manifest, version }
    for (const field of DEPENDENCY_FIELDS) {
      if (!manifest[field]) continue
      moved[field] = Object.fromEntries(
        Object.entries(manifest[field]).map(([name, range]) => [
          name,
          names.has(name) ? version : range,
        ]),
      )
    }
    return { file, manifest: moved }
  })
}

function main([command, version]) {
  const root = path.resolve(fileURLToPath(import.meta.url), '../..')
  const manifests = readManifests(root)
  if (command === 'check') {
    const problems = versionProblems(manifests)
    for (const problem of problems) console.error(problem)
    if (problems.length > 0) return 1
    console.log(`${manifests.length} packages at ${manifests[0].manifest.version}`)
    return 0
  }
  if (command === 'set' && version) {
    for (const { file, manifest } of withVersion(manifests, version))
      fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`)
    const lock = spawnSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (lock.status !== 0) return lock.status ?? 1
    console.log(`${manifests.length} packages at ${version}`)
    return 0
  }
  console.error('usage: node scripts/versions.mjs check | set <version>')
  return 2
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)))
