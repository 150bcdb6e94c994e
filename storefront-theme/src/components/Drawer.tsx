import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigation } from '@shopwright/storefront/react'

/**
 * The phone menu's state (the header's drawer under 768 px): open and closed by the menu button;
 * closed again by Escape, a navigation, or a click on the backdrop. Focus moves into the drawer
 * when it opens and back to the button when it closes.
 */
export function useDrawer() {
  const [open, setOpen] = useState(false)
  const { href } = useNavigation()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])

  // A navigation (a link in the drawer) closes it.
  useEffect(() => setOpen(false), [href])

  useEffect(() => {
    const inside = panel.current
    if (!open || !inside) return
    inside.querySelector<HTMLElement>('button, a[href]')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.documentElement.classList.add('sw-drawer-open')
    const opener = button.current
    return () => {
      document.removeEventListener('keydown', onKey)
      document.documentElement.classList.remove('sw-drawer-open')
      // Back to the button, unless focus already went somewhere else on purpose.
      if (inside.contains(document.activeElement) || document.activeElement === document.body)
        opener?.focus()
    }
  }, [open])

  return { open, toggle: () => setOpen((value) => !value), close, button, panel }
}
