import { randomBytes } from 'node:crypto'

/** Random bytes drawn from the system's generator per call: enough for hundreds of ids. */
const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let poolAt = 0

/**
 * `size` random bytes (at most POOL_BYTES), taken from a block drawn from the system's generator
 * in one call, as Node's randomUUID does: ids made on every request (cart lines, visit tokens)
 * otherwise pay a generator call each. The bytes are never handed out twice. The answer is a view
 * of its block, which is never written again (a spent block is replaced, not refilled).
 */
export function pooledRandomBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 1 || size > POOL_BYTES)
    throw new RangeError(`pooledRandomBytes: size must be from 1 to ${POOL_BYTES}`)
  if (poolAt + size > pool.length) {
    pool = randomBytes(POOL_BYTES)
    poolAt = 0
  }
  const bytes = pool.subarray(poolAt, poolAt + size)
  poolAt += size
  return bytes
}
