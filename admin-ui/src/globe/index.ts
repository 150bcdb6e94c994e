/**
 * The live globe (`@shopwright/admin-ui/globe`, issue 16): `<Globe>` and its pure rules. A separate
 * entry from the kit, imported only by lazily loaded panels, so d3-geo and the layer code never
 * enter the admin's first load. docs/globe.md describes it.
 */
import './globe.css'

export { Globe, type GlobeProps } from './Globe.js'
export { FRAME_MEASURE } from './controller.js'
export { GlobeLoading, type GlobeLoadingProps } from './GlobeLoading.js'
export { VISITORS_IN_VIEW, visitorsView } from './visitors-view.js'
export {
  BASE_LAYER,
  LayerStore,
  fetchLayer,
  prepareHere,
  type LayerLoader,
  type LayerPreparer,
  type LayerProgress,
  type LayerState,
} from './layer-store.js'
export {
  MARKER_MAX_RADIUS,
  MARKER_MIN_RADIUS,
  MARKER_RADIUS_STEP,
  hasPlace,
  markerRadius,
  markerStyle,
  placeMarkers,
  type GlobeLocation,
  type MarkerStyle,
  type PlacedMarker,
} from './markers.js'
export { INFO_BOX, PICK_DISTANCE_SQUARED, infoLines, pickMarker } from './pick.js'
export { CITY_NAME_BANDS, cityNameShown, labelFont, labelPixels } from './labels.js'
export {
  DEFAULT_CENTRE,
  LARGE_COUNTRIES,
  LARGE_ZOOM,
  NO_LOCATION_ZOOM,
  VERY_LARGE_COUNTRIES,
  VERY_LARGE_ZOOM,
  countryCentres,
  countryZoom,
  initialView,
  type GlobeView,
  type LonLat,
} from './view.js'
export {
  BUTTON_FACTOR,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  REPEAT_MS,
  clampZoom,
  pinchFactor,
  wheelFactor,
} from './zoom.js'
