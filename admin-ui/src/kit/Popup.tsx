import './styles/popup.css'
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { createPortal } from 'react-dom'
import { Icon } from './Icon.js'
import { useT } from './i18n.js'

/** A menu popup's width in px. */
export const MENU_POPUP_WIDTH = 250

/** An info popup's width in px. */
export const INFO_POPUP_WIDTH = 200

/** Space kept between a popup and its trigger, and between a popup and the window's edges. */
const GAP = 4
const MARGIN = 8

export interface OpenPopup {
  close(): void
  /** Whether a node is the popup's own or its trigger's, where a click does not close it. */
  owns(node: Node): boolean
}

// Module-level rather than a React context: the router calls closeAllPopups() on navigation, and
// popups of separately mounted trees (a panel, a dialog) still close one another.
const openPopups = new Set<OpenPopup>()

function onDocumentClick(event: MouseEvent) {
  const target = event.target
  for (const popup of [...openPopups])
    if (!(target instanceof Node && popup.owns(target))) closePopup(popup)
}

function onDocumentKey(event: KeyboardEvent) {
  if (event.key !== 'Escape') return
  // This Escape is the popup's: a dialog under it (listening on window) stays open.
  event.stopPropagation()
  closeAllPopups()
}

// Capture phase, so a click whose handler stops propagation (a table's checkbox) still closes.
function listen() {
  document.addEventListener('click', onDocumentClick, true)
  document.addEventListener('keydown', onDocumentKey)
  window.addEventListener('resize', closeAllPopups)
  window.addEventListener('popstate', closeAllPopups)
}

function unlisten() {
  document.removeEventListener('click', onDocumentClick, true)
  document.removeEventListener('keydown', onDocumentKey)
  window.removeEventListener('resize', closeAllPopups)
  window.removeEventListener('popstate', closeAllPopups)
}

function closePopup(popup: OpenPopup) {
  if (!openPopups.delete(popup)) return
  if (openPopups.size === 0) unlisten()
  popup.close()
}

/**
 * Registers an opened popup, closing any other first (one popup at a time); it is then closed by
 * an outside click, Escape, a resize, back/forward and closeAllPopups. Answers its unregistering.
 * Exported for a kit popup drawn apart from PopupMenu (the colour field's picker).
 */
export function registerPopup(popup: OpenPopup): () => void {
  for (const other of [...openPopups]) closePopup(other)
  if (openPopups.size === 0) listen()
  openPopups.add(popup)
  return () => {
    if (openPopups.delete(popup) && openPopups.size === 0) unlisten()
  }
}

/**
 * Closes every open popup. Clicks, resizes and back/forward (popstate) close them already; the
 * router calls this on its own navigations, which pushState makes without a popstate event.
 */
export function closeAllPopups(): void {
  for (const popup of [...openPopups]) closePopup(popup)
}

/** A box in window coordinates, as getBoundingClientRect gives. */
export interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

/**
 * Where a popup of `size` goes for a trigger at `anchor` in a `viewport`: below the trigger and
 * left-aligned with it; right-aligned when that overflows; above when there is no room below;
 * and always inside the window's 8 px margin.
 */
export function placePopup(
  anchor: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  let left = anchor.left
  if (left + size.width > viewport.width - MARGIN) left = anchor.right - size.width
  left = Math.max(MARGIN, Math.min(left, viewport.width - MARGIN - size.width))

  let top = anchor.bottom + GAP
  const above = anchor.top - GAP - size.height
  if (top + size.height > viewport.height - MARGIN && above >= MARGIN) top = above
  top = Math.max(MARGIN, Math.min(top, viewport.height - MARGIN - size.height))
  return { top, left }
}

/** Where a popup is: its trigger's box (the anchor it is placed by) and its own. */
interface PopupRefs {
  anchor: RefObject<HTMLSpanElement | null>
  popup: RefObject<HTMLDivElement | null>
}

/**
 * A popup's refs and open state, registered so that only one is open and outside clicks close it.
 * `anchor` goes on the trigger's span; the refs go to the Floating box as they are.
 */
function usePopup() {
  const anchor = useRef<HTMLSpanElement>(null)
  const popup = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  useLayoutEffect(() => {
    if (!open) return
    return registerPopup({
      close() {
        // Escape or a chosen item leaves focus in the popup, which is going: hand it back.
        if (popup.current?.contains(document.activeElement)) focusFirst(anchor.current)
        setOpen(false)
      },
      owns: (node) => Boolean(anchor.current?.contains(node) || popup.current?.contains(node)),
    })
  }, [open, anchor, popup])
  return { refs: { anchor, popup }, open, setOpen }
}

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), [tabindex]:not([tabindex="-1"])'

function focusFirst(element: HTMLElement | null) {
  const target = element?.matches(FOCUSABLE)
    ? element
    : element?.querySelector<HTMLElement>(FOCUSABLE)
  target?.focus()
}

interface FloatingProps {
  refs: PopupRefs
  width: number
  role: string
  id?: string
  className: string
  testId: string
  onKeyDown?: (event: ReactKeyboardEvent<HTMLDivElement>) => void
  children: ReactNode
}

/** The popup box: in document.body at fixed coordinates, so no overflow or stacking clips it. */
function Floating({
  refs: { anchor, popup },
  width,
  role,
  id,
  className,
  testId,
  onKeyDown,
  children,
}: FloatingProps) {
  const [place, setPlace] = useState<{ top: number; left: number; width: number } | null>(null)
  useLayoutEffect(() => {
    const position = () => {
      const box = anchor.current?.getBoundingClientRect()
      if (!box || !popup.current) return
      const viewport = { width: window.innerWidth, height: window.innerHeight }
      const fitted = Math.min(width, viewport.width - 2 * MARGIN)
      const size = { width: fitted, height: popup.current.offsetHeight }
      setPlace({ ...placePopup(box, size, viewport), width: fitted })
    }
    position()
    // Follows its trigger when the page or a panel scrolls, instead of floating off it.
    window.addEventListener('scroll', position, true)
    return () => window.removeEventListener('scroll', position, true)
  }, [anchor, popup, width])
  return createPortal(
    <div
      ref={popup}
      id={id}
      role={role}
      className={`sw-popup ${className}`}
      style={{
        top: place?.top ?? 0,
        left: place?.left ?? 0,
        width: place?.width ?? width,
        // Measured before it is shown, so it never flashes at the corner.
        visibility: place ? undefined : 'hidden',
      }}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>,
    document.body,
  )
}

/** One entry of a PopupMenu. */
export interface PopupMenuItem {
  /** Shown as given (translate it with `t` first). */
  label: string
  /** An Icon name. */
  icon?: string
  onSelect: () => void
  disabled?: boolean
  /** The item's data-testid; `<menu testId>-item-<index>` by default. */
  testId?: string
}

/** Props of PopupMenu. */
export interface PopupMenuProps {
  /** Draws the trigger (usually a button); a click on it opens and closes the menu. */
  trigger: (open: boolean) => ReactNode
  items: readonly PopupMenuItem[]
  /** In px; 250 by default. */
  width?: number
  /** The menu's data-testid; "popup-menu" by default. */
  testId?: string
}

/**
 * A menu that pops up under its trigger (docs/architecture.md, "Admin UI"): opening it closes any
 * other popup; a click elsewhere, navigation, a resize or Escape closes it; arrow keys move
 * between items.
 */
export function PopupMenu({
  trigger,
  items,
  width = MENU_POPUP_WIDTH,
  testId = 'popup-menu',
}: PopupMenuProps) {
  const { refs, open, setOpen } = usePopup()
  const { anchor, popup } = refs

  useEffect(() => {
    if (open) focusFirst(popup.current)
  }, [open, popup])

  const move = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const enabled = [
      ...(popup.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? []),
    ]
    const at = enabled.indexOf(document.activeElement as HTMLElement)
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % enabled.length,
      ArrowUp: (at - 1 + enabled.length) % enabled.length,
      Home: 0,
      End: enabled.length - 1,
    }
    if (event.key === 'Tab') {
      // Focus would leave for the end of the page, where the portal is; go back to the trigger.
      event.preventDefault()
      closeAllPopups()
    } else if (event.key in to && enabled.length > 0) {
      event.preventDefault()
      enabled[to[event.key]!]?.focus()
    }
  }

  return (
    <>
      <span ref={anchor} className="sw-popup-trigger" onClick={() => setOpen((was) => !was)}>
        {trigger(open)}
      </span>
      {open ? (
        <Floating
          refs={refs}
          width={width}
          role="menu"
          className="sw-popup-menu"
          testId={testId}
          onKeyDown={move}
        >
          {items.map((item, index) => (
            <button
              key={`${index}-${item.label}`}
              type="button"
              role="menuitem"
              className="sw-popup-item"
              disabled={item.disabled}
              data-testid={item.testId ?? `${testId}-item-${index}`}
              onClick={() => {
                closeAllPopups()
                item.onSelect()
              }}
            >
              {item.icon ? (
                <Icon name={item.icon} size={18} />
              ) : (
                <span className="sw-popup-item-gap" />
              )}
              <span>{item.label}</span>
            </button>
          ))}
        </Floating>
      ) : null}
    </>
  )
}

/** Props of InfoTip. */
export interface InfoTipProps {
  /** What the tip says: for a field, its id and description. */
  text: ReactNode
  /** In px; 200 by default. */
  width?: number
  /** The icon button's data-testid ("info-tip" by default); the popup's adds "-popup". */
  testId?: string
}

/** An info icon that shows a small popup with `text` on a click (a field's id and description). */
export function InfoTip({ text, width = INFO_POPUP_WIDTH, testId = 'info-tip' }: InfoTipProps) {
  const t = useT()
  const id = useId()
  const { refs, open, setOpen } = usePopup()
  return (
    <>
      <span ref={refs.anchor} className="sw-popup-trigger">
        <button
          type="button"
          className="sw-info-tip"
          aria-label={t('Info')}
          aria-expanded={open}
          aria-describedby={open ? id : undefined}
          data-testid={testId}
          onClick={() => setOpen((was) => !was)}
        >
          <Icon name="information" size={16} />
        </button>
      </span>
      {open ? (
        <Floating
          refs={refs}
          width={width}
          role="tooltip"
          id={id}
          className="sw-popup-info"
          testId={`${testId}-popup`}
        >
          {text}
        </Floating>
      ) : null}
    </>
  )
}
