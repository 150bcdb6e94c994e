// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  INFO_POPUP_WIDTH,
  InfoTip,
  MENU_POPUP_WIDTH,
  PopupMenu,
  closeAllPopups,
  placePopup,
  type PopupMenuItem,
} from './Popup.js'

function Menu({ name, items }: { name: string; items?: PopupMenuItem[] }) {
  return (
    <PopupMenu
      testId={`${name}-menu`}
      trigger={(open) => (
        <button type="button" data-testid={`${name}-trigger`} aria-expanded={open}>
          {name}
        </button>
      )}
      items={items ?? [{ label: `${name} item`, onSelect: () => {} }]}
    />
  )
}

const menu = (name: string) => screen.queryByTestId(`${name}-menu`)

/** Clicks a Menu's trigger, which opens it when closed and closes it when open. */
const clickTrigger = (name: string) => fireEvent.click(screen.getByTestId(`${name}-trigger`))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('PopupMenu', () => {
  it('opens and closes from its trigger, telling the trigger its state', () => {
    render(<Menu name="a" />)
    const trigger = screen.getByTestId('a-trigger')
    expect(menu('a')).toBeNull()
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(trigger)
    expect(menu('a')!.getAttribute('role')).toBe('menu')
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(trigger)
    expect(menu('a')).toBeNull()
  })

  it('shows its items with icons, in document.body, 250 px wide', () => {
    render(
      <Menu
        name="a"
        items={[
          { label: 'Delete', icon: 'trash', onSelect: () => {} },
          { label: 'Export', onSelect: () => {} },
        ]}
      />,
    )
    clickTrigger('a')
    const box = menu('a')!
    expect(box.parentElement).toBe(document.body)
    expect(MENU_POPUP_WIDTH).toBe(250)
    expect(box.style.width).toBe('250px')
    expect(box.classList.contains('sw-popup')).toBe(true)
    const items = screen.getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Delete', 'Export'])
    expect(items[0]!.querySelector('svg')!.getAttribute('data-icon')).toBe('trash')
    expect(items[1]!.querySelector('svg')).toBeNull()
  })

  it('runs a chosen item and closes', () => {
    const onSelect = vi.fn()
    render(<Menu name="a" items={[{ label: 'Go', onSelect }]} />)
    clickTrigger('a')
    fireEvent.click(screen.getByTestId('a-menu-item-0'))
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(menu('a')).toBeNull()
  })

  it('does not run a disabled item', () => {
    const onSelect = vi.fn()
    render(<Menu name="a" items={[{ label: 'Go', onSelect, disabled: true, testId: 'go' }]} />)
    clickTrigger('a')
    const item = screen.getByTestId('go') as HTMLButtonElement
    expect(item.disabled).toBe(true)
    fireEvent.click(item)
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('closes the open menu when another opens', () => {
    render(
      <>
        <Menu name="a" />
        <Menu name="b" />
      </>,
    )
    clickTrigger('a')
    expect(menu('a')).not.toBeNull()
    clickTrigger('b')
    expect(menu('a')).toBeNull()
    expect(menu('b')).not.toBeNull()
  })

  it('closes the open popup when a menu opens from a click inside that popup', () => {
    // The click belongs to the tip, so no outside click closes it: opening the menu must.
    render(<InfoTip text={<Menu name="inner" />} />)
    fireEvent.click(screen.getByTestId('info-tip'))
    clickTrigger('inner')
    expect(screen.queryByTestId('info-tip-popup')).toBeNull()
  })

  it('closes on a click anywhere else, even one whose handler stops it', () => {
    render(
      <>
        <Menu name="a" />
        <p data-testid="text">text</p>
        <button type="button" data-testid="stopper" onClick={(event) => event.stopPropagation()}>
          x
        </button>
      </>,
    )
    clickTrigger('a')
    fireEvent.click(screen.getByTestId('text'))
    expect(menu('a')).toBeNull()
    clickTrigger('a')
    fireEvent.click(screen.getByTestId('stopper'))
    expect(menu('a')).toBeNull()
    clickTrigger('a')
    fireEvent.click(document.body)
    expect(menu('a')).toBeNull()
  })

  it('stays open on a click inside it that is not an item', () => {
    render(<Menu name="a" />)
    clickTrigger('a')
    fireEvent.click(menu('a')!)
    expect(menu('a')).not.toBeNull()
  })

  it('closes on a window resize', () => {
    render(<Menu name="a" />)
    clickTrigger('a')
    fireEvent(window, new Event('resize'))
    expect(menu('a')).toBeNull()
  })

  it('closes every popup on a resize, in any tree, and on each later resize too (issue 37)', () => {
    // Two separately mounted trees, as a panel and a dialog are.
    render(<Menu name="a" />)
    render(<InfoTip text="about" testId="tip" />)
    const resize = () => fireEvent(window, new Event('resize'))
    clickTrigger('a')
    expect(document.activeElement).toBe(screen.getByTestId('a-menu-item-0'))
    resize()
    expect(menu('a')).toBeNull()
    expect(screen.getByTestId('a-trigger').getAttribute('aria-expanded')).toBe('false')
    // The focus was in the menu, which is gone: back to its trigger, not lost to the body.
    expect(document.activeElement).toBe(screen.getByTestId('a-trigger'))
    fireEvent.click(screen.getByTestId('tip'))
    expect(screen.getByTestId('tip-popup')).toBeTruthy()
    resize()
    expect(screen.queryByTestId('tip-popup')).toBeNull()
    // Opened again after a resize closed it, it listens again.
    clickTrigger('a')
    expect(menu('a')).not.toBeNull()
    resize()
    expect(menu('a')).toBeNull()
    // A resize with nothing open changes nothing; the next menu opens as usual.
    resize()
    clickTrigger('a')
    expect(menu('a')).not.toBeNull()
  })

  it('does not run an item on the resize that closes it', () => {
    const chosen = vi.fn()
    render(<Menu name="a" items={[{ label: 'One', onSelect: chosen }]} />)
    clickTrigger('a')
    fireEvent(window, new Event('resize'))
    expect(menu('a')).toBeNull()
    expect(chosen).not.toHaveBeenCalled()
  })

  it('closes on back or forward (popstate) and on closeAllPopups()', () => {
    render(<Menu name="a" />)
    clickTrigger('a')
    fireEvent(window, new PopStateEvent('popstate'))
    expect(menu('a')).toBeNull()
    clickTrigger('a')
    act(() => closeAllPopups())
    expect(menu('a')).toBeNull()
  })

  it('closes on Escape, gives focus back to the trigger and keeps Escape from a dialog', () => {
    const dialogEscape = vi.fn()
    window.addEventListener('keydown', dialogEscape)
    render(<Menu name="a" />)
    clickTrigger('a')
    expect(document.activeElement).toBe(screen.getByTestId('a-menu-item-0'))
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(menu('a')).toBeNull()
    expect(document.activeElement).toBe(screen.getByTestId('a-trigger'))
    expect(dialogEscape).not.toHaveBeenCalled()
    // With no popup open, Escape is the dialog's again.
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(dialogEscape).toHaveBeenCalledTimes(1)
    window.removeEventListener('keydown', dialogEscape)
  })

  it('moves between enabled items with the arrow keys, Home and End', () => {
    const go = () => {}
    render(
      <Menu
        name="a"
        items={[
          { label: 'One', onSelect: go },
          { label: 'Off', onSelect: go, disabled: true },
          { label: 'Two', onSelect: go },
          { label: 'Three', onSelect: go },
        ]}
      />,
    )
    clickTrigger('a')
    // A key pressed where the focus is: the text of the item the focus is on after it.
    const press = (key: string) => {
      fireEvent.keyDown(document.activeElement!, { key })
      return document.activeElement!.textContent
    }
    expect(document.activeElement!.textContent).toBe('One')
    expect(press('ArrowDown')).toBe('Two')
    expect(press('End')).toBe('Three')
    expect(press('ArrowDown')).toBe('One')
    expect(press('ArrowUp')).toBe('Three')
    expect(press('Home')).toBe('One')
    press('Tab')
    expect(menu('a')).toBeNull()
    expect(document.activeElement).toBe(screen.getByTestId('a-trigger'))
  })

  it('stops listening to the document once closed', () => {
    const remove = vi.spyOn(window, 'removeEventListener')
    const { unmount } = render(<Menu name="a" />)
    clickTrigger('a')
    unmount()
    const removed = remove.mock.calls.map(([type]) => type)
    expect(removed).toEqual(expect.arrayContaining(['resize', 'popstate']))
  })

  it('is placed under its trigger', () => {
    window.innerWidth = 1000
    window.innerHeight = 800
    render(<Menu name="a" />)
    const trigger = screen.getByTestId('a-trigger').parentElement!
    trigger.getBoundingClientRect = () =>
      ({ top: 100, bottom: 130, left: 40, right: 120, width: 80, height: 30 }) as DOMRect
    clickTrigger('a')
    const box = menu('a')!
    expect(box.style.top).toBe('134px')
    expect(box.style.left).toBe('40px')
    expect(box.style.visibility).toBe('')
  })
})

describe('InfoTip', () => {
  it('shows its text in a 200 px popup on a click and hides it on the next', () => {
    render(<InfoTip text="price: The price before tax." />)
    const button = screen.getByRole('button', { name: 'Info' })
    expect(button.querySelector('svg')!.getAttribute('data-icon')).toBe('information')
    expect(screen.queryByTestId('info-tip-popup')).toBeNull()
    fireEvent.click(button)
    const tip = screen.getByRole('tooltip')
    expect(tip.textContent).toBe('price: The price before tax.')
    expect(tip.style.width).toBe(`${INFO_POPUP_WIDTH}px`)
    expect(INFO_POPUP_WIDTH).toBe(200)
    expect(button.getAttribute('aria-describedby')).toBe(tip.id)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(button)
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('is one of the popups: a menu opening closes it, a click in it does not', () => {
    render(
      <>
        <InfoTip text="about" />
        <Menu name="a" />
      </>,
    )
    fireEvent.click(screen.getByTestId('info-tip'))
    fireEvent.click(screen.getByTestId('info-tip-popup'))
    expect(screen.queryByTestId('info-tip-popup')).not.toBeNull()
    clickTrigger('a')
    expect(screen.queryByTestId('info-tip-popup')).toBeNull()
    expect(menu('a')).not.toBeNull()
    fireEvent.click(screen.getByTestId('info-tip'))
    expect(menu('a')).toBeNull()
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(screen.queryByTestId('info-tip-popup')).toBeNull()
  })
})

describe('placePopup', () => {
  const viewport = { width: 1000, height: 800 }
  const size = { width: 250, height: 200 }
  const at = (top: number, left: number, width = 80, height = 30) => ({
    top,
    bottom: top + height,
    left,
    right: left + width,
  })

  it('puts the popup below the trigger, left edges aligned', () => {
    expect(placePopup(at(100, 40), size, viewport)).toEqual({ top: 134, left: 40 })
  })

  it('aligns right edges when the popup would leave the window on the right', () => {
    expect(placePopup(at(100, 900), size, viewport)).toEqual({ top: 134, left: 730 })
  })

  it('goes above the trigger when there is no room below', () => {
    expect(placePopup(at(700, 40), size, viewport)).toEqual({ top: 496, left: 40 })
  })

  it('stays inside the window when there is room neither below nor above', () => {
    const tall = { width: 250, height: 700 }
    expect(placePopup(at(300, 40), tall, viewport)).toEqual({ top: 92, left: 40 })
  })

  it('keeps the margin on the left when the window is narrower than the popup', () => {
    expect(placePopup(at(100, 10), size, { width: 200, height: 800 }).left).toBe(8)
  })
})
