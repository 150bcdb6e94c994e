export { storefrontPages, type ThemeServerModule } from './storefront-pages.js'
