import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packedPackages, PROJECT_TOOLS, projectManifest } from './project-manifest.js'

const REPO = path.resolve(import.meta.dirname, '../../..')

describe("a new project's package.json", () => {
  it('tests and checks with the tools this repository uses', () => {
    const root = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>
    }
    const admin = JSON.parse(fs.readFileSync(path.join(REPO, 'admin-ui/package.json'), 'utf8')) as {
      devDependencies: Record<string, string>
    }
    for (const [name, range] of Object.entries(PROJECT_TOOLS))
      expect(root.devDependencies[name] ?? admin.devDependencies[name], name).toBe(range)
  })

  it('installs every Shopwright package from packed files when given them', () => {
    const folder = fs.mkdtempSync(path.join(REPO, 'node_modules/.sw-packs-'))
    try {
      for (const file of [
        'shopwright-cli-0.1.0.tgz',
        'shopwright-plugin-records-0.1.0.tgz',
        'other-1.0.0.tgz',
      ])
        fs.writeFileSync(path.join(folder, file), '')
      const packed = packedPackages(folder)
      expect(Object.keys(packed)).toEqual(['@shopwright/cli', '@shopwright/plugin-records'])
      const manifest = JSON.parse(projectManifest('shop', packed)) as {
        dependencies: Record<string, string>
        overrides: Record<string, string>
        workspaces: string[]
      }
      expect(manifest.dependencies['@shopwright/cli']).toBe(packed['@shopwright/cli'])
      expect(manifest.overrides).toEqual(packed)
      expect(manifest.workspaces).toEqual(['plugins/*', 'themes/*'])
      expect(manifest.dependencies.react).toMatch(/^\^19/)
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })
})
