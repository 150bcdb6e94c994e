import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** A lazy component whose code can be fetched, and then drawn, without suspending. */
export type LoadableComponent = LazyExoticComponent<ComponentType> & {
  /** Fetches the code once (later calls answer the same promise) and answers the component. */
  load(): Promise<ComponentType>
}

/**
 * A dashboard card's component, loaded as `lazy` loads it, that the home can also fetch ahead:
 * `Component: lazyCard(() => import('./OrdersCard.js'))`. The home starts every card's code
 * beside its access call and draws each card as soon as both are in, with no Suspense fallback
 * to reveal (React holds a revealed fallback at least 300 ms, which made the cards paint late:
 * docs/benchmarks.md, "Dashboard"). A plain `lazy` component still works, through Suspense.
 */
export function lazyCard(load: () => Promise<{ default: ComponentType }>): LoadableComponent {
  let loading: Promise<ComponentType> | undefined
  const once = () => (loading ??= load().then((module) => module.default))
  return Object.assign(
    lazy(() => once().then((component) => ({ default: component }))),
    { load: once },
  )
}

/** The loader of a component made by lazyCard, or undefined for any other. */
export function loaderOf(component: unknown): (() => Promise<ComponentType>) | undefined {
  const load = (component as { load?: unknown } | null)?.load
  return typeof load === 'function' ? (load as () => Promise<ComponentType>) : undefined
}
