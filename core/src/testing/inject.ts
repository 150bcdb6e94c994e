import { inject as lightInject, type InjectOptions, type Response } from 'light-my-request'
import type { Kernel } from '../kernel/create-kernel.js'

/** The Device header tests send unless told otherwise. */
export const TEST_DEVICE = 'test-device'

export interface TestRequest {
  method?: 'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'
  url: string
  /** A JSON payload (object) or a raw body (string or Buffer). */
  payload?: unknown
  headers?: Record<string, string>
  /** The Device header; null sends none. */
  device?: string | null
}

/** Sends one request through the kernel's app without a socket (like Fastify's inject). */
export async function inject(
  kernel: Pick<Kernel, 'app'>,
  request: TestRequest,
): Promise<Response & { json<T = unknown>(): T }> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  const device = request.device === undefined ? TEST_DEVICE : request.device
  if (device !== null) headers.device = device
  const options: InjectOptions = { method: request.method ?? 'GET', url: request.url, headers }
  if (request.payload !== undefined) {
    if (typeof request.payload === 'string' || Buffer.isBuffer(request.payload)) {
      options.payload = request.payload
    } else {
      options.payload = JSON.stringify(request.payload)
      headers['content-type'] ??= 'application/json'
    }
  }
  return (await lightInject(kernel.app.callback() as never, options)) as Response & {
    json<T = unknown>(): T
  }
}

/** The catalogue code of an error answer (its `message`), or undefined when the body is not JSON. */
export function codeOf(reply: { json<T = unknown>(): T }): string | undefined {
  try {
    return reply.json<{ message?: string }>().message
  } catch {
    return undefined
  }
}
