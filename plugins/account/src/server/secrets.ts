import crypto from 'node:crypto'

/** 32 random bytes in base64url: 43 characters. */
const SECRET = /^[A-Za-z0-9_-]{43}$/

/**
 * A new secret: a session token, or the code of a reset, block or confirmation link. It is 256
 * random bits in base64url, shown once and stored only as its sha256Hex (README, "Sessions").
 */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/** True when the value has the shape of a secret we issue; anything else is not looked up. */
export function isSecretShaped(value: unknown): value is string {
  return typeof value === 'string' && SECRET.test(value)
}

/**
 * The stored form of a secret, or of a Device header: its SHA-256 in hex. A secret is 256 random
 * bits, so no salt or slow hash is needed, and a copy of a table holds nothing a browser could
 * present; a Device header's hash keeps the key short on MySQL whatever the header's length.
 */
export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex')
}
