export {
  storefrontPages,
  type StorefrontOptions,
  type ThemeServerModule,
} from './storefront-pages.js'
