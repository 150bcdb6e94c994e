import { describe, expect, it } from 'vitest'
import { AppError, type Logger } from '@shopwright/core'
import { ImportService } from './import-service.js'
import { IMPORT_ZIP_LIMITS } from './zip-reader.js'
import type { RecordsService } from '../records-service.js'
import type { RecordStore } from '../record-store.js'

const limits = { ...IMPORT_ZIP_LIMITS, maxItemBytes: 1024, maxConcurrent: 2 }

describe('ImportService slots', () => {
  it('runs at most maxConcurrent imports on a node and refuses the next with 429 and Retry-After', async () => {
    const service = new ImportService({} as RecordsService, {} as RecordStore, limits, {} as Logger)
    const gates: Array<() => void> = []
    const held = () => new Promise<void>((resolve) => gates.push(resolve))
    const first = service.withSlot(held)
    const second = service.withSlot(held)
    let refusal: unknown
    try {
      await service.withSlot(async () => undefined)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(AppError)
    expect((refusal as AppError).status).toBe(429)
    expect((refusal as AppError).headers['Retry-After']).toBe('5')
    gates.shift()!()
    await first
    // A finished import frees its slot, a failed one too.
    await expect(service.withSlot(async () => 'ok')).resolves.toBe('ok')
    await expect(
      service.withSlot(async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await expect(service.withSlot(async () => 'again')).resolves.toBe('again')
    gates.shift()!()
    await second
  })
})
