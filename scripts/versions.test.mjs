import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readManifests, versionProblems, withVersion } from './versions.mjs'

const root = path.resolve(fileURLToPath(import.meta.url), '../..')

const sample = () => [
  { file: 'package.json', manifest: { name: 'shopwright', version: '0.1.0' } },
  {
    file: 'core/package.json',
    manifest: { name: '@shopwright/core', version: '0.1.0', dependencies: { knex: '^3.1.0' } },
  },
  {
    file: 'cli/package.json',
    manifest: {
      name: '@shopwright/cli',
      version: '0.1.0',
      dependencies: { '@shopwright/core': '0.1.0', commander: '^14.0.0' },
      devDependencies: { '@shopwright/core': '0.1.0' },
    },
  },
]

describe('one version for every package', () => {
  it('holds in this repository: every package and every reference to another at the root version', () => {
    const manifests = readManifests(root)
    expect(manifests.length).toBeGreaterThan(20)
    expect(versionProblems(manifests)).toEqual([])
  })

  it('names a package at another version, and a reference with a range', () => {
    const manifests = sample()
    manifests[1].manifest.version = '0.1.1'
    manifests[2].manifest.dependencies['@shopwright/core'] = '^0.1.0'
    expect(versionProblems(manifests)).toEqual([
      '@shopwright/core is at 0.1.1, not 0.1.0',
      '@shopwright/cli names @shopwright/core at "^0.1.0" in dependencies, not "0.1.0"',
    ])
  })

  it('moves every package and every reference, and leaves other dependencies alone', () => {
    const moved = withVersion(sample(), '0.2.0')
    expect(versionProblems(moved)).toEqual([])
    expect(moved.map(({ manifest }) => manifest.version)).toEqual(['0.2.0', '0.2.0', '0.2.0'])
    expect(moved[2].manifest.dependencies).toEqual({
      '@shopwright/core': '0.2.0',
      commander: '^14.0.0',
    })
    expect(moved[1].manifest.dependencies).toEqual({ knex: '^3.1.0' })
  })

  it('refuses what is not a version', () => {
    expect(() => withVersion(sample(), 'latest')).toThrow('"latest" is not a version')
    expect(() => withVersion(sample(), '1.2')).toThrow()
  })
})
