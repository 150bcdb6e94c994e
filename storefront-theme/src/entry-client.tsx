import { hydrateStorefront } from '@shopwright/storefront/client'
import { theme } from './theme.js'

hydrateStorefront(theme)
