/** ANSI styles for a stream that shows them; each is the identity on one that does not. */
export interface Colours {
  bold(text: string): string
  dim(text: string): string
  red(text: string): string
  green(text: string): string
}

/**
 * Whether a stream should get colour, decided as commander decides it for the help, so one run
 * never mixes styles: NO_COLOR (any value, no-color.org) or FORCE_COLOR=0/false turn it off,
 * another FORCE_COLOR turns it on, otherwise only a terminal that has colours gets it. A pipe or
 * a file never does, so scripts and logs read plain text.
 */
export function wantsColour(
  stream: { isTTY?: boolean; hasColors?: () => boolean },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (env.NO_COLOR || env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false
  if (env.FORCE_COLOR !== undefined) return true
  return Boolean(stream.isTTY) && (stream.hasColors?.() ?? true)
}

const style =
  (open: number, close: number, on: boolean) =>
  (text: string): string =>
    on ? `\u001b[${open}m${text}\u001b[${close}m` : text

/** The styles for one stream: plain text when it should get no colour. */
export function coloursFor(on: boolean): Colours {
  return {
    bold: style(1, 22, on),
    dim: style(2, 22, on),
    red: style(31, 39, on),
    green: style(32, 39, on),
  }
}
