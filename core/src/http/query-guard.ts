import type { ParameterizedContext } from 'koa'
import { createError } from '../errors/app-error.js'
import type { QueryState } from './state.js'

const MAX_DEVICE_LENGTH = 256
const DEVICE = /^[\x20-\x7e]+$/

/**
 * `/query` rules: the Device header is read into the request state; a state-changing call (POST)
 * without it is refused, which, with SameSite cookies, is the CSRF defence. Only GET, HEAD and POST
 * exist: GET never changes anything.
 */
export function checkQueryRequest(ctx: ParameterizedContext<QueryState>): void {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'POST') {
    ctx.set('Allow', 'GET, HEAD, POST')
    throw createError('ERROR_METHOD_NOT_ALLOWED')
  }
  const device = ctx.req.headers.device
  if (typeof device === 'string' && device !== '') {
    if (device.length > MAX_DEVICE_LENGTH || !DEVICE.test(device)) {
      throw createError('ERROR_INVALID_INPUT', { reason: 'The Device header is malformed.' })
    }
    ctx.state.device = device
  } else if (ctx.method === 'POST') {
    throw createError('ERROR_DEVICE_REQUIRED')
  }
  ctx.res.setHeader('Cache-Control', 'no-store')
  ctx.res.setHeader('X-Content-Type-Options', 'nosniff')
}
