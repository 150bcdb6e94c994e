// Preparing layers in a Web Worker, with the main thread as the fallback where no worker can run.
import type { EarthLayer } from '@shopwright/earth/decode'
import { prepareHere, type LayerPreparer } from './layer-store.js'
import type { WorkerAnswer, WorkerJob } from './layer-worker.js'
import type { PreparedLayer } from './prepare.js'

interface Pending {
  resolve(layer: PreparedLayer): void
  reject(error: Error): void
  json: unknown
  layer: EarthLayer
}

/**
 * A preparer that runs in one shared module worker (Vite bundles `new URL(..., import.meta.url)`
 * workers). Without Worker (tests, old browsers), or when the worker fails to start, it prepares on
 * the main thread instead, including the jobs already sent.
 */
export function workerPreparer(): LayerPreparer {
  if (typeof Worker === 'undefined') return prepareHere
  let worker: Worker | null = null
  let broken = false
  let next = 0
  const pending = new Map<number, Pending>()

  const fallBack = () => {
    broken = true
    worker?.terminate()
    worker = null
    for (const [job, each] of pending) {
      pending.delete(job)
      prepareHere(each.json, each.layer).then(each.resolve, each.reject)
    }
  }

  const start = (): Worker | null => {
    if (worker || broken) return worker
    try {
      worker = new Worker(new URL('./layer-worker.ts', import.meta.url), { type: 'module' })
    } catch {
      broken = true
      return null
    }
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data
      const each = pending.get(answer.job)
      if (!each) return
      pending.delete(answer.job)
      if ('error' in answer) each.reject(new Error(answer.error))
      else each.resolve(answer.prepared)
    }
    // A worker script that cannot load (a bundler without worker support) fails here, not in new Worker.
    worker.onerror = (event) => {
      event.preventDefault()
      fallBack()
    }
    return worker
  }

  return (json, layer) => {
    const running = start()
    if (!running) return prepareHere(json, layer)
    return new Promise((resolve, reject) => {
      const job = next++
      pending.set(job, { resolve, reject, json, layer })
      const message: WorkerJob = { job, layer, json }
      running.postMessage(message)
    })
  }
}
