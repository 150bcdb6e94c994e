import { mdiChevronLeft, mdiChevronRight } from '@mdi/js'
import { useNavigation, useT } from '@shopwright/storefront/react'
import { Icon } from './Icon.js'

/** Up to 7 page links around the current page, with prev and next arrows. */
const PAGE_LINKS = 7

/** The page numbers to link: up to `count` around `page`, kept within 1..pages. */
function pageWindow(page: number, pages: number, count = PAGE_LINKS): number[] {
  const last = Math.max(1, pages)
  const current = Math.min(Math.max(1, page), last)
  const size = Math.min(count, last)
  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), last - size + 1)
  return Array.from({ length: size }, (_item, index) => start + index)
}

/** `?page=n`, keeping the address's other parameters (a category's `display=list`). */
function pageHref(search: string, page: number): string {
  const query = new URLSearchParams(search)
  if (page <= 1) query.delete('page')
  else query.set('page', String(page))
  const text = query.toString()
  return text ? `?${text}` : '?'
}

/**
 * Numbered page links with previous and next arrows; nothing for a single page. The links keep
 * the other parameters of the current address (`useNavigation().href`).
 */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const t = useT()
  const { href } = useNavigation()
  if (pages <= 1) return null
  const search = href.includes('?') ? href.slice(href.indexOf('?')) : ''
  const current = Math.min(Math.max(1, page), pages)
  const arrow = (to: number, label: string, path: string, testId: string) =>
    to < 1 || to > pages ? (
      <span className="sw-page-arrow" aria-disabled="true" data-testid={testId}>
        <Icon path={path} size={20} />
        <span className="sw-visually-hidden">{label}</span>
      </span>
    ) : (
      <a
        className="sw-page-arrow"
        href={pageHref(search, to)}
        rel={to < current ? 'prev' : 'next'}
        data-testid={testId}
      >
        <Icon path={path} size={20} />
        <span className="sw-visually-hidden">{label}</span>
      </a>
    )
  return (
    <nav className="sw-pager" aria-label={t('Pages')} data-testid="pager">
      {arrow(current - 1, t('Previous page'), mdiChevronLeft, 'pager-prev')}
      {pageWindow(current, pages).map((number) => (
        <a
          key={number}
          href={pageHref(search, number)}
          aria-current={number === current ? 'page' : undefined}
          aria-label={t('Page {0}', number)}
        >
          {number}
        </a>
      ))}
      {arrow(current + 1, t('Next page'), mdiChevronRight, 'pager-next')}
    </nav>
  )
}
