import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Button } from '../kit/Button.js'
import { useT } from '../kit/i18n.js'
import { GlobeController } from './controller.js'
import { GlobeLoading } from './GlobeLoading.js'
import type { LayerLoader, LayerPreparer, LayerProgress } from './layer-store.js'
import { HOLDER_CLASS, readMarkerColours } from './marker-colours.js'
import { MARKER_STYLES, type GlobeLocation, type MarkerStyle } from './markers.js'
import { INFO_BOX, infoBoxAt, infoLines } from './pick.js'
import { initialView, type GlobeView, type LonLat } from './view.js'
import { workerPreparer } from './worker-client.js'
import { DEFAULT_ZOOM } from './zoom.js'

export interface GlobeProps {
  /** The places to mark; the globe sets `screen` on each after every frame. */
  locations: readonly GlobeLocation[]
  /** CSS pixels; 400 by 300 by default. */
  width?: number
  height?: number
  /** An extra class name on the root. */
  className?: string
  /**
   * The saved location's country (ISO 3166-1 alpha-2), or null: the first view looks at its label
   * point at the zoom initialView gives (6, 8 or 14; 12 without a country). Read at mount.
   */
  country?: string | null
  /** An explicit first centre and zoom, over `country`'s. Read at mount. */
  centre?: LonLat
  zoom?: number
  /** The canvas's accessible name, translated; 'Globe' by default. */
  label?: string
  /** Fetches a layer file's JSON (default: fetch from layerUrl(id)); tests and the bench inject one. */
  loadLayer?: LayerLoader
  /** Prepares a layer (default: in a shared Web Worker, or the main thread without one). */
  prepareLayer?: LayerPreparer
  /** The loaded event: once per layer, with its id, when it is ready and drawn. */
  onLayerLoad?(id: string): void
  /** Layers were asked for, or one loaded or failed: how many of how many (the loading state's). */
  onLayerProgress?(progress: LayerProgress): void
  /** The loading state's words until the land draws, translated; t('Loading') by default. */
  loadingText?: string
  /** The layer bar's words, translated; `3 / 12` by default. */
  layerText?(settled: number, total: number): string
  /** The picked marker changed (null: none). */
  onPick?(location: GlobeLocation | null): void
}

/** Keyboard: arrows turn the globe by this many pixels' worth of drag; + and - zoom one step. */
const KEY_STEP = 40

let sharedPreparer: LayerPreparer | undefined

function firstView(props: GlobeProps): GlobeView {
  if (props.centre) return { centre: props.centre, zoom: props.zoom ?? DEFAULT_ZOOM }
  // The country's centre comes from the countrynames layer once it loads (the controller).
  const view = initialView(props.country ?? null, new Map())
  return props.zoom === undefined ? view : { ...view, zoom: props.zoom }
}

/**
 * The live globe (docs/globe.md): an orthographic d3-geo globe on a canvas with the earth map
 * layers, the visitor markers, a plus and a minus zoom button and the picked marker's info box.
 * Drag (mouse or one finger) turns it; pinch, ctrl + wheel and the held buttons zoom; a press
 * within 14 px of a marker picks it.
 */
export function Globe(props: GlobeProps) {
  const t = useT()
  const width = props.width ?? 400
  const height = props.height ?? 300
  const rootRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const infoRef = useRef<HTMLDivElement>(null)
  const holders = useRef<Partial<Record<MarkerStyle, HTMLSpanElement | null>>>({})
  const controllerRef = useRef<GlobeController | null>(null)
  const [picked, setPicked] = useState<GlobeLocation | null>(null)
  const [progress, setProgress] = useState<LayerProgress | null>(null)
  // The latest callbacks, so the controller (made once) always calls the current ones.
  const callbacks = useRef(props)
  useEffect(() => {
    callbacks.current = props
  })

  useEffect(() => {
    const canvas = canvasRef.current!
    const initial = callbacks.current
    const controller = new GlobeController({
      canvas,
      width,
      height,
      view: firstView(initial),
      country: initial.centre ? null : initial.country,
      load: initial.loadLayer,
      prepare: initial.prepareLayer ?? (sharedPreparer ??= workerPreparer()),
      readColours: () => readMarkerColours(holders.current),
      onLayerLoad: (id) => callbacks.current.onLayerLoad?.(id),
      onLayerProgress: (next) => {
        setProgress(next)
        callbacks.current.onLayerProgress?.(next)
      },
      onPick: (location) => {
        setPicked(location)
        callbacks.current.onPick?.(location)
      },
      onFrame: (_result, current) => {
        // The view as drawn, for browser tests and anyone inspecting the page.
        const root = rootRef.current
        if (root) {
          root.dataset.zoom = String(controller.zoom)
          root.dataset.centre = `${controller.centre.longitude},${controller.centre.latitude}`
        }
        const box = infoRef.current
        if (!box) return
        box.style.visibility = current ? 'visible' : 'hidden'
        if (!current) return
        const at = infoBoxAt(
          current.x,
          current.y,
          current.radius,
          controller.width,
          controller.height,
        )
        box.style.left = `${at.left}px`
        box.style.top = `${at.top}px`
      },
    })
    controller.setLocations(initial.locations)
    controllerRef.current = controller
    // React's onWheel is passive: ctrl + wheel could not stop the page zooming or scrolling.
    const onWheel = (event: WheelEvent) => {
      if (controller.wheel(event.deltaY, event.deltaMode, event.ctrlKey)) event.preventDefault()
    }
    canvas.addEventListener('wheel', onWheel, { passive: false })
    return () => {
      canvas.removeEventListener('wheel', onWheel)
      controller.dispose()
      controllerRef.current = null
    }
    // Made once: size and locations follow below; the first view and loaders are read at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    controllerRef.current?.setLocations(props.locations)
  }, [props.locations])

  useEffect(() => {
    const canvas = canvasRef.current!
    const ratio = Math.min(2, globalThis.devicePixelRatio || 1)
    canvas.width = Math.round(width * ratio)
    canvas.height = Math.round(height * ratio)
    controllerRef.current?.resize(width, height)
  }, [width, height])

  const pointer =
    (handle: (controller: GlobeController, x: number, y: number, id: number) => void) =>
    (event: PointerEvent<HTMLCanvasElement>) => {
      const controller = controllerRef.current
      if (!controller) return
      const rect = event.currentTarget.getBoundingClientRect()
      handle(controller, event.clientX - rect.left, event.clientY - rect.top, event.pointerId)
    }

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const controller = controllerRef.current
    if (!controller) return
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    }
    const move = moves[event.key]
    if (move) controller.dragBy(move[0], move[1])
    else if (event.key === '+' || event.key === '=') controller.zoomBy(1.1)
    else if (event.key === '-') controller.zoomBy(1 / 1.1)
    else return
    event.preventDefault()
  }

  const zoomButton = (direction: 1 | -1, name: string, icon: string) => (
    <Button
      icon={icon}
      aria-label={name}
      title={name}
      data-testid={direction === 1 ? 'globe-zoom-in' : 'globe-zoom-out'}
      onPointerDown={(event) => {
        // A held button repeats; keep the press from starting a text selection or a focus drag.
        event.preventDefault()
        controllerRef.current?.startButton(direction)
      }}
      onPointerUp={() => controllerRef.current?.stopButton()}
      onPointerLeave={() => controllerRef.current?.stopButton()}
      onPointerCancel={() => controllerRef.current?.stopButton()}
      onTouchEnd={() => controllerRef.current?.stopButton()}
      onContextMenu={(event) => event.preventDefault()}
      onClick={(event) => {
        // Enter or Space (detail 0): one step, as there is no holding a key here.
        if (event.detail === 0) controllerRef.current?.zoomBy(direction === 1 ? 1.1 : 1 / 1.1)
      }}
    />
  )

  const lines = picked ? infoLines(picked) : null
  return (
    <div
      ref={rootRef}
      className={['sw-globe', props.className ?? ''].filter(Boolean).join(' ')}
      style={{ width, height }}
      data-testid="globe"
    >
      <canvas
        ref={canvasRef}
        className="sw-globe-canvas"
        style={{ width, height }}
        role="img"
        aria-label={props.label ?? t('Globe')}
        tabIndex={0}
        onPointerDown={pointer((controller, x, y, id) => {
          canvasRef.current?.setPointerCapture?.(id)
          controller.gestures.down(id, x, y)
        })}
        onPointerMove={pointer((controller, x, y, id) => controller.gestures.move(id, x, y))}
        onPointerUp={pointer((controller, _x, _y, id) => controller.gestures.up(id))}
        onPointerCancel={pointer((controller, _x, _y, id) => controller.gestures.up(id))}
        onKeyDown={onKeyDown}
      />
      <GlobeLoading
        progress={progress}
        loadingText={props.loadingText ?? t('Loading')}
        layerText={props.layerText ?? ((settled, total) => `${settled} / ${total}`)}
      />
      <div className="sw-globe-zoom">
        {zoomButton(1, t('Zoom in'), 'plus-thick')}
        {zoomButton(-1, t('Zoom out'), 'minus-thick')}
      </div>
      <div
        ref={infoRef}
        className="sw-globe-info"
        role="status"
        data-testid="globe-info"
        hidden={!lines}
        style={{ width: INFO_BOX.width, height: INFO_BOX.height, visibility: 'hidden' }}
      >
        {lines?.map((line, index) => (
          <div key={index}>{line}</div>
        ))}
      </div>
      {MARKER_STYLES.map((style) => (
        <span
          key={style}
          ref={(element) => {
            holders.current[style] = element
          }}
          className={`sw-globe-holder ${HOLDER_CLASS[style]}`}
          aria-hidden="true"
        />
      ))}
    </div>
  )
}
