export {
  storefrontPages,
  type StorefrontOptions,
  type ThemeServerModule,
} from './storefront-pages.js'
export { PAGE_REQUEST_EVENT, type PageRequestEvent } from './page-events.js'
