import type { ChildProcess } from 'node:child_process'
import type { BenchContext } from './scenario.js'

/** Hands a started server (or anything holding its child) over to be stopped when the scenario ends. */
export type Keep = <S extends { child: ChildProcess }>(server: S) => S

/** What a scenario's body gets: its own temporary folder, and `keep` for each server it starts. */
export interface ServerScope {
  /** A fresh `<label>-…` folder under the run's temporary root. */
  dir: string
  keep: Keep
}

/**
 * Runs a scenario's body in a fresh temporary folder and stops every server it kept when the body
 * ends, however it ends (all at once, SIGKILL after `graceMs`): a failed check must not leave a
 * server loading the machine while the next scenario measures.
 */
export async function withServers<T>(
  context: BenchContext,
  label: string,
  body: (scope: ServerScope) => Promise<T>,
  graceMs?: number,
): Promise<T> {
  const dir = await context.tempDir(`${label}-`)
  const kept: ChildProcess[] = []
  const keep: Keep = (server) => {
    kept.push(server.child)
    return server
  }
  try {
    return await body({ dir, keep })
  } finally {
    await Promise.all(kept.map((child) => context.children.stop(child, graceMs)))
  }
}
