/**
 * A call of a drill's load as the test saw it (mixed-load.ts), and what it says: when it ended,
 * whether it succeeded, whether it was an acknowledged write.
 */

/** What a call of the load is. */
export type Kind = 'record' | 'cart' | 'page' | 'track' | 'upload' | 'download' | 'account'

/** One call of the load, as the test saw it. */
export interface Call {
  worker: string
  kind: Kind
  method: string
  path: string
  /** The node that answered (`x-cluster-node`); null when none did. */
  node: number | null
  /** The HTTP status; 0 when no answer came (the client gave up, or the connection failed). */
  status: number
  /** The error code of a failed answer: the JSON body's `message`, an HTML page's `data-code`. */
  code: string | undefined
  retryAfter: string | null
  /** Date.now() when it was sent. */
  started: number
  /** Milliseconds to the end of its body. */
  ms: number
  /** A write: it is acknowledged when it answered 2xx. */
  write: boolean
  /** Its status came, but its body was cut short (the connection closed): never a success. */
  cut: boolean
  /** The start of the body, or the client's error. */
  text: string
}

export const ended = (call: Call): number => call.started + call.ms
export const succeeded = (call: Call): boolean =>
  call.status >= 200 && call.status < 300 && !call.cut
export const acknowledged = (call: Call): boolean => call.write && succeeded(call)

/** A short account of a call for failure messages. */
export function showCall(call: Call): string {
  return `${call.method} ${call.path} [${call.worker}] -> ${call.status}${call.cut ? ' (body cut)' : ''} node ${String(call.node)} ${
    call.code ?? ''
  } in ${call.ms} ms at ${new Date(call.started).toISOString().slice(11, 23)} retry-after ${String(call.retryAfter)}: ${call.text.slice(0, 200)}`
}
