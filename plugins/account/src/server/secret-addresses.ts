/**
 * The addresses of this plugin that carry a reset code in their path: the reset page
 * (`/reset/:type/:id/:code`, the link the reset mail sends) and the calls it makes
 * (`/query/account/entity|reset/:type/:id/:code`). Declared as the plugin's `secretAddresses`, so
 * the process log writes the code as [REDACTED] (docs/security.md, "Secrets in logs").
 */
export const SECRET_ADDRESSES: readonly RegExp[] = [
  /^(\/reset\/[^/?#]+\/[^/?#]+\/)[^/?#]+/,
  /^(\/query\/account\/(?:entity|reset)\/[^/?#]+\/[^/?#]+\/)[^/?#]+/,
]
