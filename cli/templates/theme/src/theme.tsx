import type { Theme } from '@shopwright/storefront/shared'
import { theme as base } from '@shopwright/theme-default/theme'
import { Welcome } from './Welcome.js'
import './styles.css'

// The default theme's page chunks: the server loads them before its first page.
export { chunks } from '@shopwright/theme-default/theme'

/**
 * The __NAME__ theme: the default theme with its own home page and colours. Any component the route
 * records name can be replaced here, and new ones added (Shopwright's docs/themes.md).
 */
export const theme: Theme = {
  ...base,
  name: '__NAME__',
  components: { ...base.components, Welcome },
}
