// The layer worker: prepares layer files off the main thread (bathymetry takes about a second) and
// hands the typed arrays over without copying. Started by worker-client.ts.
import type { EarthLayer } from '@shopwright/earth/decode'
import { prepareLayer, transferables } from './prepare.js'

/** A job: the file's JSON for a layer; `job` matches the answer to the question. */
export interface WorkerJob {
  job: number
  layer: EarthLayer
  json: unknown
}

export type WorkerAnswer =
  { job: number; prepared: ReturnType<typeof prepareLayer> } | { job: number; error: string }

// The admin compiles with the DOM library, which has no worker scope type: the part used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerJob>) => void) | null
  postMessage(message: WorkerAnswer, transfer: Transferable[]): void
}

scope.onmessage = (event) => {
  const { job, layer, json } = event.data
  try {
    const prepared = prepareLayer(json, layer)
    scope.postMessage({ job, prepared }, transferables(prepared))
  } catch (error) {
    scope.postMessage({ job, error: error instanceof Error ? error.message : String(error) }, [])
  }
}
