import { describe, expect, it } from 'vitest'
import { batchProgress, uploadOneByOne, type UploadItem } from './uploads.js'

const file = (name: string, bytes: number) => new File(['x'.repeat(bytes)], name)

describe('the upload loop', () => {
  it('sends one file at a time, goes on after a refusal, and reports every step', async () => {
    const sending: string[] = []
    let inFlight = 0
    const steps: UploadItem[][] = []
    const refusal = new Error('ERROR_INVALID_FILE_NAME')
    const result = await uploadOneByOne(
      [file('a.txt', 10), file('CON.txt', 5), file('c.txt', 20)],
      async (each, progress) => {
        inFlight++
        expect(inFlight).toBe(1)
        sending.push(each.name)
        await Promise.resolve()
        inFlight--
        if (each.name === 'CON.txt') throw refusal
        progress(each.size / 2)
      },
      (items) => steps.push(items),
    )
    expect(sending).toEqual(['a.txt', 'CON.txt', 'c.txt'])
    expect(result.map((item) => item.status)).toEqual(['done', 'failed', 'done'])
    expect(result[1]!.error).toBe(refusal)
    // A half-sent file counts half; finished and refused ones count whole, so the bar ends full.
    expect(steps.some((items) => items[2]!.status === 'sending' && items[2]!.sent === 10)).toBe(
      true,
    )
    expect(batchProgress(steps.find((items) => items[2]!.sent === 10)!)).toEqual({
      sent: 25,
      size: 35,
    })
    expect(batchProgress(result)).toEqual({ sent: 35, size: 35 })
  })
})
