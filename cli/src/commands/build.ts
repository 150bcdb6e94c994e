import { buildProject } from '../build/project-build.js'
import { findProject } from '../scaffold/project.js'
import type { Terminal } from '../terminal.js'

/** `shopwright build [--force]`: builds what changed in the project around the working folder. */
export async function build(terminal: Terminal, options: { force?: boolean }): Promise<void> {
  const project = findProject(process.cwd())
  const started = performance.now()
  const steps = await buildProject(project.root, { force: options.force, print: terminal.print })
  const built = steps.filter((step) => step.built).length
  terminal.print(
    `${terminal.colours.green('built')} ${built} of ${steps.length} steps in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
