// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  applyEdit,
  type TranslationEdit,
  type TranslationValue,
} from '@shopwright/plugin-translations/shared'
import { fakeApi, sampleSet } from './test-api.js'
import { useTranslationSet } from './useTranslationSet.js'

afterEach(cleanup)

/** A promise with its settling functions at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

async function load() {
  const fake = fakeApi(sampleSet(2))
  const hook = renderHook(() => useTranslationSet(fake.api, 'admin'))
  await waitFor(() => expect(hook.result.current.value).toBeDefined())
  return { ...fake, hook }
}

const french = (value: TranslationValue | undefined, index: number) =>
  value?.entries[index]?.translations.fr

describe('useTranslationSet', () => {
  it('shows a save at once and sends the next only when it has answered', async () => {
    const { api, hook, stored } = await load()
    const first = deferred<TranslationValue>()
    api.update.mockImplementationOnce((_set: string, edit: TranslationEdit) => {
      applyEdit(stored, edit)
      return first.promise
    })
    let saves!: Array<Promise<TranslationValue>>
    act(() => {
      saves = [
        hook.result.current.save({ changes: [{ id: '0', translations: { fr: 'Un' } }] }),
        hook.result.current.save({ changes: [{ id: '1', translations: { fr: 'Deux' } }] }),
      ]
    })
    expect(french(hook.result.current.value, 0)).toBe('Un')
    expect(french(hook.result.current.value, 1)).toBe('Deux')
    expect(hook.result.current.busy).toBe(true)
    await act(() => Promise.resolve())
    expect(api.update).toHaveBeenCalledTimes(1)

    // The first answer knows nothing of the second save: the second still shows.
    await act(async () => {
      first.resolve(structuredClone(stored))
      await saves[0]
    })
    expect(french(hook.result.current.value, 1)).toBe('Deux')
    await act(() => saves[1]!)
    expect(api.update).toHaveBeenCalledTimes(2)
    expect(french(hook.result.current.value, 1)).toBe('Deux')
    expect(hook.result.current.busy).toBe(false)
  })

  it('drops a refused save, rejects with the error, and goes on with the next', async () => {
    const { api, hook } = await load()
    const refusal = new Error('ERROR_PERMISSION_TYPE')
    api.update.mockRejectedValueOnce(refusal)
    let refused!: Promise<unknown>
    act(() => {
      refused = hook.result.current.save({ changes: [{ id: '0', translations: { fr: 'Non' } }] })
    })
    await act(() => expect(refused).rejects.toBe(refusal))
    expect(french(hook.result.current.value, 0)).toBe('Expression 0')
    await act(() => hook.result.current.save({ sort: true }))
    expect(api.update).toHaveBeenCalledTimes(2)
  })

  it('waits for the server before showing a new row, whose id the server gives', async () => {
    const { hook } = await load()
    const gate = deferred<void>()
    let added!: Promise<TranslationValue>
    act(() => {
      void hook.result.current.change(async () => {
        await gate.promise
        return { value: sampleSet(2), added: 0, updated: 0 }
      })
      added = hook.result.current.save({ add: [{ phrase: 'New' }] })
    })
    expect(hook.result.current.value?.entries).toHaveLength(2)
    let idle = false
    void hook.result.current.idle().then(() => (idle = true))
    await act(async () => {
      gate.resolve()
      await added
    })
    expect(hook.result.current.value?.entries.map((entry) => entry.phrase)).toEqual([
      'Phrase 0',
      'Phrase 1',
      'New',
    ])
    expect(idle).toBe(true)
  })
})
