import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The repository's workspace folders, relative to it, as its package.json's `workspaces` name them. */
export function workspaceFolders(repo: string): string[] {
  const root = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  return root.workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? fs
            .readdirSync(path.join(repo, pattern.slice(0, -2)))
            .map((dir) => path.join(pattern.slice(0, -2), dir))
        : [pattern],
    )
    .filter((dir) => fs.existsSync(path.join(repo, dir, 'package.json')))
}

/** The repository's published workspace packages: those not marked private (its tools, the example plugin). */
export function publishedWorkspaces(repo: string): string[] {
  const names: string[] = []
  for (const dir of workspaceFolders(repo)) {
    const manifest = JSON.parse(fs.readFileSync(path.join(repo, dir, 'package.json'), 'utf8')) as {
      name: string
      private?: boolean
    }
    if (!manifest.private && manifest.name !== '@shopwright/plugin-example')
      names.push(manifest.name)
  }
  return names
}

/**
 * `npm pack` of every published workspace package into `destination`: what a project installs from
 * the registry, for `shopwright create project --packages` (the scaffold test, the bench).
 */
export async function packWorkspaces(repo: string, destination: string): Promise<void> {
  fs.mkdirSync(destination, { recursive: true })
  const workspaces = publishedWorkspaces(repo).flatMap((name) => ['-w', name])
  await run('npm', ['pack', '--pack-destination', destination, ...workspaces], {
    cwd: repo,
    maxBuffer: 64 * 1024 * 1024,
  })
}
