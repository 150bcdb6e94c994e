/**
 * The addresses of this plugin that carry a secret: an order link's key (`/order/{id}?key=`, the
 * page, and `/query/ns/order/{id}?key=`, its call). Declared as the plugin's `secretAddresses`, so
 * the process log writes the key as [REDACTED] (docs/security.md, "Secrets in logs").
 */
export const SECRET_ADDRESSES: readonly RegExp[] = [
  /^(\/(?:query\/ns\/)?order\/[^/?#]+\?(?:[^#]*&)?key=)[^&#]+/,
]
