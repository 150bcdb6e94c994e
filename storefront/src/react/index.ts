export { StorefrontApp, type StorefrontAppProps } from './StorefrontApp.js'
export {
  Link,
  NavigationContext,
  SessionContext,
  useNavigation,
  useSession,
  type Navigation,
  type NavigateOptions,
  type StorefrontSession,
} from './navigation.js'
export { PageBoundary } from './PageBoundary.js'
export { PageExtraContext, usePageExtra } from './page-extra.js'
export { TranslationContext, useT, useTranslation, type Translation } from './translation.js'
