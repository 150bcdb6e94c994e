/** A translation box's height: 13 px plus 17 px per line, up to 100 px. */
export const BOX_BASE_HEIGHT = 13
export const BOX_LINE_HEIGHT = 17
/** Taller texts scroll inside the box. */
export const BOX_MAX_HEIGHT = 100

/** The height in px of a box showing `text`, counting its lines (a lone line for empty text). */
export function boxHeight(text: string): number {
  const lines = text.split(/\r\n|\r|\n/).length
  return Math.min(BOX_MAX_HEIGHT, BOX_BASE_HEIGHT + BOX_LINE_HEIGHT * lines)
}
