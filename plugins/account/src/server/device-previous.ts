const MAX_DEVICE_LENGTH = 256
const DEVICE = /^[\x20-\x7e]+$/

/**
 * The Device-Previous header: the browser's fingerprint as the client made it before issue 37,
 * sent beside the new Device for one release so a block stored under the old value still holds
 * (docs/security.md, "Device blocking"). Read with the Device header's rule (1-256 printable ASCII
 * characters); a malformed one, or one equal to Device, is ignored rather than refused: it can
 * only add a block, never lift one, so dropping it gives a caller nothing that leaving the header
 * out would not, while refusing would turn a client's slip into a failed sign-in.
 * Transitional: delete it, and its one use in routes/login.ts, in release 0.3.
 */
export function devicePrevious(
  ctx: { get(field: string): string },
  device: string,
): string | undefined {
  const value = ctx.get('device-previous')
  if (value === '' || value === device) return undefined
  return value.length <= MAX_DEVICE_LENGTH && DEVICE.test(value) ? value : undefined
}
