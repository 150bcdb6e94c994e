import { Icon } from '../kit/Icon.js'
import type { LayerProgress } from './layer-store.js'

export interface GlobeLoadingProps {
  /** The layers asked for and settled; null before the globe has asked for any. */
  progress: LayerProgress | null
  /** The loading state's words, translated (the caller's: the kit's own phrases lack them). */
  loadingText: string
  /** The bar's words: how many of the layers asked for have settled. */
  layerText(settled: number, total: number): string
}

/**
 * The globe's loading state (docs/globe.md, "Loading"): until the land (BASE_LAYER) draws, a
 * spinner, its words and the layer bar over the plain blue globe; while the other layers load (and
 * those a new zoom needs), the bar alone in the corner. Neither takes a pointer, so the globe turns while it loads; nothing shows
 * once every layer asked for has loaded or failed.
 */
export function GlobeLoading({ progress, loadingText, layerText }: GlobeLoadingProps) {
  const total = progress?.total ?? 0
  const settled = progress ? progress.loaded + progress.failed : 0
  if (progress && settled >= total) return null
  const first = !progress || !progress.base
  const words = layerText(settled, total)
  const bar = (
    <progress
      className="sw-globe-progress-bar"
      max={Math.max(1, total)}
      value={settled}
      aria-label={words}
      data-testid="globe-layer-progress"
    />
  )
  if (!first)
    return (
      <div className="sw-globe-progress" data-testid="globe-progress">
        {bar}
        <span aria-hidden="true">{words}</span>
      </div>
    )
  return (
    <div className="sw-globe-loading" data-testid="globe-loading">
      <div className="sw-globe-loading-box">
        <Icon name="loading" size={28} spin />
        <span role="status">{loadingText}</span>
        {bar}
      </div>
    </div>
  )
}
