// The globe's orthographic projection for a view, and the canvas sink d3-geo streams into.
import { geoOrthographic, type GeoProjection, type GeoStream } from 'd3-geo'
import { scaleOf } from './zoom.js'
import type { LonLat } from './view.js'

/** Extra pixels around the canvas kept by the clip, so strokes and labels at the edge stay whole. */
const CLIP_MARGIN = 8

/**
 * An orthographic projection of the near side only (clipAngle 90) centred on `centre`, or without
 * the horizon clip (`'none'`). When the
 * globe is larger than the canvas it is also clipped to the canvas (clipExtent): the prototype
 * measured 16 ms without and 10 ms with it at zoom 14; at zoom 1 the clip costs time, so only then.
 */
export function globeProjection(
  centre: LonLat,
  zoom: number,
  width: number,
  height: number,
  horizon: 'clip' | 'none' = 'clip',
): GeoProjection {
  const scale = scaleOf(zoom, width, height)
  const projection = geoOrthographic()
    .scale(scale)
    .translate([width / 2, height / 2])
    .rotate([-centre.longitude, -centre.latitude])
    // No adaptive resampling: edges are short (≤ 1° along parallels after the ring fix, the data's
    // own elsewhere), and resampling took a tenth of a zoom 14 frame in the profile.
    .precision(0)
  // 'none' is for shapes whose cap lies wholly on the near side: d3's clip tests every polygon for
  // holding the clip region (polygonContains, trigonometry per point), the largest cost of a zoom
  // 14 frame in the profile, and such shapes never need it.
  if (horizon === 'clip') projection.clipAngle(90)
  else projection.preclip(noClip)
  if (scale > Math.hypot(width, height) / 2)
    projection.clipExtent([
      [-CLIP_MARGIN, -CLIP_MARGIN],
      [width + CLIP_MARGIN, height + CLIP_MARGIN],
    ])
  return projection
}

const noClip = (stream: GeoStream): GeoStream => stream

/** The part of a canvas context the sink draws with. */
export type PathTarget = Pick<CanvasRenderingContext2D, 'moveTo' | 'lineTo' | 'closePath'>

/**
 * A d3-geo stream into a canvas path: geoPath's own canvas context does the same, but streaming
 * the packed typed arrays straight into the projection needs no GeoJSON objects per frame.
 */
export function canvasSink(target: PathTarget): GeoStream {
  let first = true
  let polygon = false
  return {
    point(x, y) {
      if (first) {
        target.moveTo(x, y)
        first = false
      } else target.lineTo(x, y)
    },
    lineStart() {
      first = true
    },
    lineEnd() {
      if (polygon) target.closePath()
    },
    polygonStart() {
      polygon = true
    },
    polygonEnd() {
      polygon = false
    },
    sphere() {},
  }
}
