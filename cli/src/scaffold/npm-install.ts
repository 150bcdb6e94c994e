import { spawn } from 'node:child_process'

/**
 * Runs `npm install` in a project, its output on stderr (a command's answer stays alone on stdout).
 * Rejects with npm's exit code: the project is written either way, and the message says to run it
 * again by hand.
 */
export function npmInstall(dir: string): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['install', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: ['ignore', process.stderr, process.stderr],
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`npm install failed (exit ${code}) in ${dir}: run it there again`)),
    )
  })
}
