import { useParams } from 'react-router'

/** Where a records screen works: a fixed type and path (the configuration screens) or the address's. */
export interface RecordRouteProps {
  /** A fixed record type (configuration); else the address's `:recordtype`. */
  type?: string
  /** The type's list, under which each record opens (`${base}/${id}`); defaults to `/data/${type}`. */
  base?: string
}

/** The record type a list or editor shows, and the path of its list. */
export function useRecordRoute({ type, base }: RecordRouteProps): {
  type: string
  basePath: string
} {
  const params = useParams()
  const shown = type ?? params.recordtype ?? ''
  return { type: shown, basePath: base ?? `/data/${shown}` }
}
