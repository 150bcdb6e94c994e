import { createRequire } from 'node:module'

/**
 * The CLI package's version, read from its package.json when asked rather than copied in at build
 * time, so it never goes stale. The package names itself (its exports list ./package.json), which
 * resolves the same from src/ under the tests and from dist/ or a bundled chunk once built,
 * however deep the calling file sits.
 */
export function cliVersion(): string {
  const manifest = createRequire(import.meta.url)('@shopwright/cli/package.json') as {
    version: string
  }
  return manifest.version
}
