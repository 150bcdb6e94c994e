#!/usr/bin/env node
// `npm start` in the repository: builds what `shopwright start` runs (the CLI and the packages it
// loads, not the bench, e2e or cluster ones), showing its progress, then starts the site in this
// terminal (docs/cli.md, "npm start in the repository").
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWithProgress } from './build-progress.mjs'

const root = path.resolve(fileURLToPath(import.meta.url), '../..')
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }

const built = await buildWithProgress({ root, filter: '@shopwright/cli...', env })
if (built !== 0) process.exit(built)

const site = spawn(
  process.execPath,
  [path.join(root, 'cli/bin/shopwright.js'), 'start', ...process.argv.slice(2)],
  { cwd: process.cwd(), env: process.env, stdio: 'inherit' },
)
// Ctrl+C reaches the site from the terminal itself (one process group): passing it on as well
// would be its second signal, which stops it at once. A supervisor's SIGTERM comes here only.
process.on('SIGINT', () => undefined)
process.on('SIGTERM', () => site.kill('SIGTERM'))
site.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
