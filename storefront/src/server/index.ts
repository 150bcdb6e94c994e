export {
  storefrontPages,
  pageAssets,
  THEME_ASSETS,
  type ThemeServerModule,
} from './storefront-pages.js'
export { SiteSource, STOREFRONT_CACHE } from './site-source.js'
export {
  documentHead,
  documentTail,
  escapeHtml,
  jsonForScript,
  type PageAssets,
} from './document.js'
