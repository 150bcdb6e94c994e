import type { ConfigInput } from '@shopwright/core'

/**
 * This site's settings: every one can also be set in the environment (PORT, DATABASE_URL,
 * REDIS_URL...), which this file overrides. `shopwright new plugin` and `shopwright new theme`
 * add to the lists below.
 */
export default {
  // The built-in plugins, then this project's own.
  plugins: [__PLUGINS__],
  theme: '__THEME_PACKAGE__',
} satisfies ConfigInput
