import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react'
import { createPortal } from 'react-dom'
import {
  COLOUR_PALETTE,
  colourFromHsla,
  formatColour,
  parseColour,
  readableTextColour,
  type Colour,
} from '@shopwright/client'
import { Button } from '../Button.js'
import { placePopup, registerPopup } from '../Popup.js'
import { useT } from '../i18n.js'
import '../styles/popup.css'

/** The popup's width in px (less on a narrow phone), and the palette's swatches a row. */
const POPUP_WIDTH = 264
const COLUMNS = 8
const MARGIN = 8

export interface ColourInputProps {
  /** The hex text input's id, which the field's label names. */
  id: string
  /** The field label's id: the swatch button's name starts with it, so two fields' differ. */
  labelId?: string
  value: unknown
  onChange(value: unknown): void
  onBlur?(): void
  readOnly?: boolean
  /** A required field offers no None. */
  required?: boolean
  placeholder?: string
}

/** The sliders' values: hue in degrees, the rest in per cent (alpha too). */
interface Sliders {
  hue: number
  saturation: number
  lightness: number
  alpha: number
}

/** Where the sliders start for a colour; for none, at a pure red, so each one moves something. */
const slidersOf = (colour: Colour | undefined): Sliders =>
  colour
    ? { ...colour, alpha: colour.alpha * 100 }
    : { hue: 0, saturation: 100, lightness: 50, alpha: 100 }

const hexOf = (sliders: Sliders) =>
  formatColour(colourFromHsla({ ...sliders, alpha: sliders.alpha / 100 }))

/** A slider's track, drawn with what it changes: `--sw-track`, read by the kit's CSS. */
function tracks({ hue, saturation, lightness }: Sliders, opaque: string) {
  const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${l}%)`
  const around = [0, 60, 120, 180, 240, 300, 360].map((h) => hsl(h, saturation, lightness))
  const track = (stops: string[]) =>
    ({ '--sw-track': `linear-gradient(to right, ${stops.join(', ')})` }) as CSSProperties
  return {
    hue: track(around),
    saturation: track([hsl(hue, 0, lightness), hsl(hue, 100, lightness)]),
    lightness: track(['#000', hsl(hue, saturation, 50), '#fff']),
    alpha: track([`${opaque}00`, opaque]),
  }
}

/**
 * A `color` field (issue 37): a swatch of the colour, over a checkerboard so its alpha shows, and
 * its hex as text beside it, typed as before. The swatch opens a popup with the spec's palette,
 * hue, saturation, lightness and opacity sliders, and None when the field is not required. The
 * value stays the hex the server takes: lower case, 9 characters only when it is see-through.
 * The popup closes as the kit's others do: a click elsewhere, Escape, a resize or back/forward.
 */
export function ColourInput({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  readOnly,
  required,
  placeholder,
}: ColourInputProps) {
  const t = useT()
  const popupId = useId()
  const swatchId = `${popupId}-swatch`
  const anchor = useRef<HTMLSpanElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const popup = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const text = typeof value === 'string' ? value : ''
  const colour = parseColour(text)
  const hex = colour ? formatColour(colour) : ''

  // The sliders keep their own values while the value is the one they made, so a grey keeps the
  // hue it was given and a slider never jumps by the hex's rounding; a value from elsewhere
  // (typed, picked, cleared) sets them again.
  const [sliders, setSliders] = useState(() => slidersOf(colour))
  const [madeFor, setMadeFor] = useState<unknown>(value)
  if (madeFor !== value) {
    setMadeFor(value)
    setSliders(slidersOf(colour))
  }
  const choose = (next: Sliders) => {
    const made = hexOf(next)
    setSliders(next)
    setMadeFor(made)
    onChange(made)
  }

  const [place, setPlace] = useState<{ top: number; left: number; width: number } | null>(null)
  const close = useCallback(() => {
    // Escape or Tab leaves the focus in the popup, which is going: hand it back to the swatch.
    if (popup.current?.contains(document.activeElement)) trigger.current?.focus()
    setOpen(false)
    setPlace(null)
  }, [])

  useLayoutEffect(() => {
    if (!open) return
    // In document.body at fixed coordinates, placed as the kit's popups are, following the swatch.
    const position = () => {
      const box = anchor.current?.getBoundingClientRect()
      if (!box || !popup.current) return
      const viewport = { width: window.innerWidth, height: window.innerHeight }
      const width = Math.min(POPUP_WIDTH, viewport.width - 2 * MARGIN)
      const size = { width, height: popup.current.offsetHeight }
      setPlace({ ...placePopup(box, size, viewport), width })
    }
    position()
    window.addEventListener('scroll', position, true)
    // The kit's popup registry closes it as every other popup: outside click, Escape, resize,
    // back/forward, and the router's closeAllPopups on navigation.
    const unregister = registerPopup({
      close,
      owns: (node) => Boolean(anchor.current?.contains(node) || popup.current?.contains(node)),
    })
    return () => {
      window.removeEventListener('scroll', position, true)
      unregister()
    }
  }, [open, close])

  // Once placed (hidden, it could not take the focus): the chosen swatch, or the first.
  const shown = place !== null
  useEffect(() => {
    if (shown) popup.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus()
  }, [shown])

  const toggle = () => {
    if (open) return close()
    setOpen(true)
  }

  // The palette is one tab stop: arrows move through it, a row being COLUMNS swatches.
  const opaqueHex = colour ? formatColour({ ...colour, alpha: 1 }) : ''
  const pressed = COLOUR_PALETTE.indexOf(opaqueHex)
  const moveIn = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const swatches = [...event.currentTarget.querySelectorAll<HTMLElement>('button')]
    const at = swatches.indexOf(document.activeElement as HTMLElement)
    const steps: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + COLUMNS,
      ArrowUp: at - COLUMNS,
      Home: 0,
      End: swatches.length - 1,
    }
    if (at < 0 || !(event.key in steps)) return
    event.preventDefault()
    swatches[Math.max(0, Math.min(swatches.length - 1, steps[event.key]!))]?.focus()
  }
  // Tab beyond the popup's ends goes back to the swatch, not to the end of the page: Shift+Tab
  // from the palette, Tab from the last control.
  const leave = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !(document.activeElement instanceof HTMLElement)) return
    const controls = event.currentTarget.querySelectorAll<HTMLElement>('input, button')
    const leaving = event.shiftKey
      ? document.activeElement.closest('.sw-colour-palette') !== null
      : document.activeElement === controls[controls.length - 1]
    if (!leaving) return
    event.preventDefault()
    close()
  }

  const swatch = (
    <span
      className={`sw-colour-swatch-fill${colour ? '' : ' sw-colour-swatch-none'}`}
      style={colour ? ({ '--sw-fill': hex } as CSSProperties) : undefined}
    />
  )
  const track = tracks(sliders, hexOf({ ...sliders, alpha: 100 }))
  const slider = (
    key: keyof Sliders,
    label: string,
    max: number,
    unit: string,
    style: CSSProperties,
  ) => (
    <div className="sw-colour-slider">
      <label htmlFor={`${popupId}-${key}`}>{label}</label>
      <span className="sw-colour-slider-value" aria-hidden="true">
        {`${Math.round(sliders[key])}${unit}`}
      </span>
      <input
        id={`${popupId}-${key}`}
        type="range"
        className={key === 'alpha' ? 'sw-colour-slider-alpha' : undefined}
        min={0}
        max={max}
        step={1}
        value={Math.round(sliders[key])}
        style={style}
        aria-valuetext={`${Math.round(sliders[key])}${unit}`}
        data-testid={`colour-${key}`}
        onChange={(event) => choose({ ...sliders, [key]: Number(event.target.value) })}
      />
    </div>
  )

  return (
    <span className="sw-color">
      <span ref={anchor} className="sw-popup-trigger">
        {readOnly ? (
          <span className="sw-colour-swatch" aria-hidden="true">
            {swatch}
          </span>
        ) : (
          <button
            ref={trigger}
            id={swatchId}
            type="button"
            className="sw-colour-swatch"
            aria-label={hex ? t('{0}: {1}', t('Colour'), hex) : t('Colour')}
            aria-labelledby={labelId ? `${labelId} ${swatchId}` : undefined}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? popupId : undefined}
            data-testid="colour-swatch"
            onClick={toggle}
          >
            {swatch}
          </button>
        )}
      </span>
      <input
        id={id}
        className="sw-input"
        value={text}
        readOnly={readOnly}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value.toLowerCase())}
      />
      {open && !readOnly
        ? createPortal(
            <div
              ref={popup}
              id={popupId}
              role="dialog"
              aria-label={t('Colour')}
              className="sw-popup sw-colour-popup"
              style={{
                top: place?.top ?? 0,
                left: place?.left ?? 0,
                width: place?.width ?? POPUP_WIDTH,
                // Measured before it is shown, so it never flashes at the corner.
                visibility: place ? undefined : 'hidden',
              }}
              data-testid="colour-popup"
              onKeyDown={leave}
            >
              <div
                className="sw-colour-preview"
                style={{ color: colour ? readableTextColour(colour) : undefined }}
              >
                {swatch}
                <span className="sw-colour-preview-text">{hex || '—'}</span>
              </div>
              <div className="sw-colour-palette" onKeyDown={moveIn}>
                {COLOUR_PALETTE.map((each, index) => (
                  <button
                    key={each}
                    type="button"
                    className="sw-colour-palette-swatch"
                    style={{ background: each, color: readableTextColour(each) }}
                    aria-label={each}
                    aria-pressed={index === pressed}
                    tabIndex={index === Math.max(0, pressed) ? 0 : -1}
                    data-testid={`colour-${each.slice(1)}`}
                    onClick={() =>
                      choose({ ...slidersOf(parseColour(each)), alpha: sliders.alpha })
                    }
                  />
                ))}
              </div>
              {slider('hue', t('Hue'), 360, '°', track.hue)}
              {slider('saturation', t('Saturation'), 100, '%', track.saturation)}
              {slider('lightness', t('Lightness'), 100, '%', track.lightness)}
              {slider('alpha', t('Opacity'), 100, '%', track.alpha)}
              {required ? null : (
                <Button
                  className="sw-colour-none"
                  data-testid="colour-none"
                  onClick={() => {
                    onChange(null)
                    close()
                  }}
                >
                  {t('None')}
                </Button>
              )}
            </div>,
            document.body,
          )
        : null}
    </span>
  )
}
