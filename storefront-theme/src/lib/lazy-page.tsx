import { useEffect, useState, type ComponentType } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { PageLoading } from '../components/PageLoading.js'

/** A part of the theme built as its own chunk: loaded once, then kept. */
export interface Chunk<M> {
  load(): Promise<M>
  /** The module once loaded, else undefined. */
  loaded(): M | undefined
}

/** A chunk of the browser build (`() => import('./pages/cart/index.js')`). */
export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let promise: Promise<M> | undefined
  let module: M | undefined
  return {
    load: () =>
      (promise ??= load().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          // A failed download may work on the next navigation.
          promise = undefined
          throw error
        },
      )),
    loaded: () => module,
  }
}

/** A route component whose code is in a chunk; `preload()` fetches it ahead of rendering. */
export type LazyPage = ComponentType<PageProps> & { preload(): Promise<unknown> }

/**
 * A page component loaded with its chunk. The server loads every chunk before its first page
 * (server-entry.ts) and the browser loads the shown page's before hydrating (entry-client.tsx),
 * so the first render has the page's code and hydrates the server's HTML as it is. A client
 * navigation to a page whose chunk is not loaded yet shows the loading state until it is.
 *
 * No Suspense boundary: the server's renderer sends a large boundary's content after the rest,
 * with an inline script to put it in place, which the Content-Security-Policy forbids.
 */
export function lazyPage<M, K extends keyof M>(from: Chunk<M>, name: K): LazyPage {
  function Lazy(props: PageProps) {
    const [module, setModule] = useState(from.loaded)
    const [failure, setFailure] = useState<unknown>(null)
    useEffect(() => {
      if (module) return
      let live = true
      from.load().then(
        (loaded) => live && setModule(loaded),
        (error: unknown) => live && setFailure(error),
      )
      return () => {
        live = false
      }
    }, [module])
    // The page's error boundary shows it, with Try Again.
    if (failure) throw failure
    if (!module) return <PageLoading />
    const Page = module[name] as ComponentType<PageProps>
    return <Page {...props} />
  }
  Lazy.displayName = `Lazy(${String(name)})`
  return Object.assign(Lazy, { preload: () => from.load() })
}

/** Loads the chunk of a theme component, when it has one. */
export function preloadPage(component: unknown): Promise<unknown> {
  const preload = (component as Partial<LazyPage> | undefined)?.preload
  return typeof preload === 'function' ? preload() : Promise.resolve()
}
