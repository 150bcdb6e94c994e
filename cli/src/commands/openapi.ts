import { writeFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { openApiDocument } from '@shopwright/plugin-openapi'
import { withKernel } from '../boot.js'
import type { Terminal } from '../terminal.js'

/** `shopwright openapi [--out file]`'s options. */
export interface OpenApiOptions {
  out?: string
}

/**
 * Writes the OpenAPI 3.1 document of the configured plugins' `/query` calls: the one
 * `GET /query/openapi.json` serves, built from the routes of a booted kernel (nothing is served).
 * On stdout, or into `--out`, which then gets a line saying so.
 */
export async function openApi(options: OpenApiOptions, terminal: Terminal): Promise<void> {
  const json = await withKernel(async (kernel) =>
    JSON.stringify(openApiDocument(kernel.routes, { version: kernel.version }), null, 2),
  )
  if (!options.out) {
    terminal.print(json)
    return
  }
  await writeFile(options.out, `${json}\n`)
  terminal.print(`Wrote the OpenAPI document to ${options.out}.`)
}

/** Registers `shopwright openapi` on the program. */
export function addOpenApiCommand(program: Command, terminal: Terminal): void {
  program
    .command('openapi')
    .description('print the OpenAPI 3.1 document of every /query call of the configured plugins')
    .option('--out <file>', 'write it to this file instead of stdout')
    .action((options: OpenApiOptions) => openApi(options, terminal))
}
