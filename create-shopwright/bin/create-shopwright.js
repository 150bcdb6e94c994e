#!/usr/bin/env node
// `npm create shopwright@latest [folder] [options]` is `shopwright create project` of the CLI this
// package depends on, so both make the same project and ask the same questions on a terminal
// (docs/cli.md, "shopwright create project").
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const cliManifest = createRequire(import.meta.url).resolve('@shopwright/cli/package.json')
const cli = path.join(path.dirname(cliManifest), 'bin/shopwright.js')

const child = spawn(process.execPath, [cli, 'create', 'project', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
// Ctrl+C reaches the command from the terminal itself; passing it on would be a second one.
process.on('SIGINT', () => undefined)
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
