export { StorefrontApp, type StorefrontAppProps } from './StorefrontApp.js'
export {
  Link,
  NavigationContext,
  useNavigation,
  type Navigation,
  type NavigateOptions,
} from './navigation.js'
export { PageBoundary } from './PageBoundary.js'
