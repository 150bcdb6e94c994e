import { useEffect, useRef, useState } from 'react'
import type { MenuItem } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'

/**
 * A menu group: links, and items with submenus that open a popup. One popup at a time; a click
 * elsewhere, Escape or a navigation closes it. Menu labels are phrases, shown in the current
 * language; the group's label comes translated.
 */
export function MenuBar({
  items,
  label,
  className,
}: {
  items: MenuItem[]
  label: string
  className: string
}) {
  const t = useT()
  const [open, setOpen] = useState<string | null>(null)
  const bar = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return
      if (
        event.type === 'click' &&
        bar.current?.contains(event.target as Node) &&
        !(event.target as Element).closest('a')
      )
        return
      setOpen(null)
    }
    document.addEventListener('click', close)
    document.addEventListener('keydown', close)
    window.addEventListener('popstate', close)
    return () => {
      document.removeEventListener('click', close)
      document.removeEventListener('keydown', close)
      window.removeEventListener('popstate', close)
    }
  }, [open])
  return (
    <nav aria-label={label} className={className} ref={bar}>
      {items.map((item) =>
        item.submenus ? (
          <div key={item.id} className="sw-submenu">
            <button
              type="button"
              aria-expanded={open === item.id}
              onClick={() => setOpen(open === item.id ? null : item.id)}
            >
              {t(item.label)}
            </button>
            {open === item.id ? (
              <ul className="sw-popup" role="menu">
                {item.submenus.map((sub) => (
                  <li key={sub.id} role="none">
                    <a role="menuitem" href={sub.href ?? '#'}>
                      {t(sub.label)}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <a key={item.id} href={item.href}>
            {t(item.label)}
          </a>
        ),
      )}
    </nav>
  )
}
