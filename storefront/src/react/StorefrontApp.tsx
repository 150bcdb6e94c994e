import {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react'
import { type RecordData } from '@shopwright/core/shared'
import { isRightToLeft, type QueryClient } from '@shopwright/client'
import type { Theme } from '../shared/contract.js'
import { pageTitle, recordKeyOf, type PageData } from '../shared/page.js'
import { RouteTable, type MatchedRoute } from '../shared/route-match.js'
import { DEFAULT_TRANSLATION_SETS } from '../shared/translation.js'
import { TranslationContext, useTranslationState } from './translation.js'
import {
  NavigationContext,
  SessionContext,
  type Navigation,
  type NavigateOptions,
} from './navigation.js'
import { PageBoundary } from './PageBoundary.js'
import { PageExtraContext } from './page-extra.js'
import { requestPageData } from './page-data-request.js'

export interface StorefrontAppProps {
  theme: Theme
  data: PageData
  client: QueryClient
}

interface Shown {
  href: string
  record: RecordData | null
  /** The page's extras by provider id (PageData.extra). */
  extra?: Record<string, unknown>
  /** The route matched, but its data says there is no such page: the theme's NotFound. */
  notFound?: boolean
}

/**
 * The strip a draft's preview shows above the theme's shell, whatever the theme: that the page
 * is not what shoppers see, that it has no changes waiting, or that the link expired. Styled inline, as themes differ.
 */
function PreviewNotice({ state }: { state: 'draft' | 'published' | 'expired' }) {
  const { t } = useContext(TranslationContext)
  const expired = state === 'expired'
  return (
    <div
      role="status"
      data-testid="preview-notice"
      style={{
        background: expired ? '#fff4e5' : '#1f2937',
        color: expired ? '#663c00' : '#fff',
        font: '600 14px/1.4 system-ui, sans-serif',
        padding: '8px 16px',
        textAlign: 'center',
      }}
    >
      {expired
        ? t('This preview link has expired: the page shows what is published.')
        : state === 'draft'
          ? t('Preview: changes not published yet')
          : t('Preview: this page has no changes waiting to be published.')}
    </div>
  )
}

/** True for a click the browser should handle itself: new tab, download, another site... */
function leaveToBrowser(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.origin !== window.location.origin
  )
}

/**
 * The storefront: the theme's shell with the current route's component. The same tree renders on
 * the server and hydrates in the browser; afterwards local links change the page without a reload
 * (docs/themes.md, "What the engine does"): history is pushed or replaced and the page scrolls to
 * the top; back and forward show the stored address without adding history. An address no route
 * knows loads fully, so the server answers it (the admin, 'Page not Found'). A route that shows a
 * record or whose pages have extras (plugins' page data, `usePageExtra`) gets them in one request
 * to the server, which picks the record's language variant as it does for the page itself; when
 * that fails the address loads fully too. A language switch (useTranslation().setLanguage)
 * re-renders the same tree in the new language's texts, and asks the server again for such a page's
 * data.
 */
export function StorefrontApp({ theme, data, client }: StorefrontAppProps) {
  const table = useMemo(() => new RouteTable(data.routes), [data.routes])
  const [shown, setShown] = useState<Shown>(() => ({
    href: data.href,
    record: data.record,
    ...(data.extra ? { extra: data.extra } : {}),
    ...(data.notFound ? { notFound: true } : {}),
  }))
  const [loading, setLoading] = useState(false)
  // Route components whose pages carry extras: their data comes from the server itself, as does
  // the record a route shows (in the language's variant).
  const withExtras = useMemo(() => new Set(data.extraRoutes ?? []), [data.extraRoutes])
  const needsData = useCallback(
    (matched: MatchedRoute) =>
      withExtras.has(matched.route.component) || recordKeyOf(matched) !== null,
    [withExtras],
  )
  // The latest navigation: an earlier one's slower answer must not win.
  const latest = useRef(0)

  const translation = useTranslationState(
    client,
    theme.translationSets ?? DEFAULT_TRANSLATION_SETS,
    data.language,
    data.texts,
  )

  const { requested } = translation
  const show = useCallback(
    async (href: string, history: 'push' | 'replace' | 'none') => {
      const target = new URL(href, window.location.href)
      const matched = table.match(target.pathname, target.searchParams)
      if (!matched) {
        window.location.assign(target.href)
        return
      }
      const next = target.pathname + target.search
      const ticket = ++latest.current
      let shownNext: Shown = { href: next, record: null }
      if (needsData(matched)) {
        setLoading(true)
        const answer = await requestPageData(next, requested())
        if (ticket !== latest.current) return
        if (!answer) {
          window.location.assign(target.href)
          return
        }
        shownNext = {
          href: next,
          record: answer.record,
          ...(answer.extra ? { extra: answer.extra } : {}),
        }
      }
      if (history === 'push') window.history.pushState({ href: next }, '', next)
      if (history === 'replace') window.history.replaceState({ href: next }, '', next)
      setShown(shownNext)
      setLoading(false)
      if (history !== 'none') window.scrollTo(0, 0)
    },
    [table, requested, needsData],
  )

  // A language switch in place: the page's own record follows it (its language variant), while
  // the address stays. A navigation meanwhile wins: only the same address takes the answer.
  const firstLanguage = useRef(translation.language)
  useEffect(() => {
    if (translation.language === firstLanguage.current) return
    firstLanguage.current = translation.language
    const href = shown.href
    const url = new URL(href, window.location.href)
    const matched = table.match(url.pathname, url.searchParams)
    if (!matched || shown.notFound || !needsData(matched)) return
    // The record's variant and the extras (names, descriptions) follow the language: the server
    // reads both again. A failure keeps what is shown.
    requestPageData(href, translation.language)
      .then((answer) =>
        setShown((current) =>
          answer && current.href === href
            ? {
                href,
                record: answer.record,
                ...(answer.extra ? { extra: answer.extra } : {}),
              }
            : current,
        ),
      )
      .catch(() => undefined)
    // Only a language change starts this; the page it applies to is read when it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [translation.language])

  // The title follows the page and the language (route titles are phrases).
  useEffect(() => {
    const url = new URL(shown.href, window.location.href)
    const matched = shown.notFound ? null : table.match(url.pathname, url.searchParams)
    document.title = pageTitle(
      matched,
      shown.record,
      data.site,
      translation.t,
      translation.language,
    )
  }, [shown, table, data.site, translation.t, translation.language])

  // <html lang> and dir follow the language before the switched page paints.
  useLayoutEffect(() => {
    const root = document.documentElement
    root.lang = translation.language
    if (isRightToLeft(translation.language)) root.dir = 'rtl'
    else root.removeAttribute('dir')
  }, [translation.language])

  // Marks the page as live (hydrated): tests wait for it, and styles may use it.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])

  useEffect(() => {
    const onPop = () => void show(window.location.pathname + window.location.search, 'none')
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [show])

  const navigation = useMemo<Navigation>(
    () => ({
      href: shown.href,
      loading,
      navigate: (href: string, options: NavigateOptions = {}) =>
        void show(href, options.replace ? 'replace' : 'push'),
    }),
    [shown.href, loading, show],
  )

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a[href]') as HTMLAnchorElement | null
    if (!link || leaveToBrowser(event, link)) return
    const target = new URL(link.href)
    if (!table.match(target.pathname, target.searchParams)) return
    event.preventDefault()
    navigation.navigate(target.pathname + target.search)
  }

  const url = new URL(shown.href, 'http://storefront.invalid')
  const matched = shown.notFound ? null : table.match(url.pathname, url.searchParams)
  const Page = matched ? theme.components[matched.route.component] : undefined
  const session = useMemo(
    () => ({ client, account: data.account, locale: data.locale }),
    [client, data.account, data.locale],
  )
  return (
    <SessionContext.Provider value={session}>
      <TranslationContext.Provider value={translation}>
        <NavigationContext.Provider value={navigation}>
          <PageExtraContext.Provider value={shown.extra}>
            {/* Clicks on local links anywhere in the page become client navigations. */}
            <div className="sw-storefront" onClick={onClick}>
              {data.preview ? <PreviewNotice state={data.preview.state} /> : null}
              <theme.Shell site={data.site} menus={data.menus}>
                {matched && Page ? (
                  <PageBoundary key={shown.href}>
                    <Page
                      route={matched.route}
                      params={matched.params}
                      props={matched.props}
                      record={shown.record}
                    />
                  </PageBoundary>
                ) : (
                  <theme.NotFound />
                )}
              </theme.Shell>
            </div>
          </PageExtraContext.Provider>
        </NavigationContext.Provider>
      </TranslationContext.Provider>
    </SessionContext.Provider>
  )
}
