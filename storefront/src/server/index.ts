export { storefrontPages, type ThemeServerModule } from './storefront-pages.js'
export { loadTheme } from './load-theme.js'
export { PAGE_REQUEST_EVENT, type PageRequestEvent } from './page-events.js'
