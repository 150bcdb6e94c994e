import { describe, expect, it } from 'vitest'
import { importSteps, MAX_IMPORT_ITEMS, type Step } from './import-steps.js'
import type { ZipEntry } from './zip-reader.js'

async function* files(...entries: ZipEntry[]): AsyncGenerator<ZipEntry> {
  yield* entries
}

const list = (count: number) => Buffer.from(`[${Array(count).fill('{}').join(',')}]`)

async function all(source: AsyncIterable<ZipEntry>): Promise<Step[]> {
  const steps: Step[] = []
  for await (const step of importSteps(source, () => undefined)) steps.push(step)
  return steps
}

describe('importSteps', () => {
  it('stops an import past its item limit, with one last refusal', async () => {
    const steps = await all(
      files(
        { name: 'a.json', data: list(MAX_IMPORT_ITEMS - 10) },
        { name: 'b.json', data: list(20) },
        { name: 'c.json', data: list(1) },
      ),
    )
    const last = steps.at(-1)!
    expect(last).toMatchObject({
      kind: 'problem',
      last: true,
      result: { ok: false, name: 'b.json and what follows it', message: 'ERROR_BODY_TOO_LARGE' },
    })
    expect(steps.filter((step) => step.kind === 'batch' && step.items.file === 'b.json')).toEqual(
      [],
    )
  })

  it('refuses files that are not .json or not JSON, and goes on', async () => {
    const steps = await all(
      files(
        { name: 'x.txt', data: Buffer.from('{}') },
        { name: 'y.json', data: Buffer.from('{nope') },
        { name: 'z.json', data: Buffer.from('{"type":"webpage","id":"z"}') },
      ),
    )
    const outcome = (step: Step) =>
      step.kind === 'batch' ? 'batch' : step.result.ok ? 'ok' : step.result.message
    expect(steps.map(outcome)).toEqual(['ERROR_IMPORT_FILE_TYPE', 'ERROR_JSON_BODY', 'batch'])
  })
})
