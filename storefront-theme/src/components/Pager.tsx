import { useT } from '@shopwright/storefront/react'

/** Numbered page links (`?page=n`) for the account's lists; nothing for a single page. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const t = useT()
  if (pages <= 1) return null
  return (
    <nav className="sw-pages" aria-label={t('Pages')}>
      {Array.from({ length: pages }, (_item, index) => index + 1).map((number) => (
        <a
          key={number}
          href={`?page=${number}`}
          aria-current={number === page ? 'page' : undefined}
        >
          {number}
        </a>
      ))}
    </nav>
  )
}
