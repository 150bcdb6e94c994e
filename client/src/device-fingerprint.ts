import { BASE62_ALPHABET } from '@shopwright/core/shared'

/**
 * The traits the specification builds a fingerprint from: the user agent with its digits removed,
 * the screen's height, width and colour depth, the time zone's offset and the browser's language.
 */
export interface DeviceTraits {
  userAgent?: string | undefined
  language?: string | undefined
  /** Minutes from UTC outside summer time (getTimezoneOffset's sign), so a DST change is no new device. */
  timeZoneOffset?: number | undefined
  screen?: { width: number; height: number; colorDepth: number } | undefined
}

/** How many slots the fingerprint folds characters into, one character each. */
export const FINGERPRINT_SLOTS = 15

/** The Device value of a client that runs outside a browser (server-side rendering, scripts). */
export const SERVER_DEVICE = 'server'

/**
 * The traits as one text. The user agent loses its digits, so a browser's update (Chrome/131 to
 * Chrome/132) is the same device and a blocked device stays blocked. The screen is written larger
 * side first so that turning a phone does not make it another device.
 */
export function traitText(traits: DeviceTraits): string {
  const screen = traits.screen
  const size = screen
    ? `${Math.max(screen.width, screen.height)}x${Math.min(screen.width, screen.height)}x${screen.colorDepth}`
    : ''
  return [
    // Version numbers go whole, with the dots or underscores between their parts (Mac OS X
    // 10_15_7), so a version of another length (132.0 to 132.0.1) is the same device too.
    (traits.userAgent ?? '').replace(/\d+(?:[._]\d+)*/g, ''),
    size,
    traits.timeZoneOffset ?? '',
    traits.language ?? '',
  ].join('|')
}

// murmur3's 32-bit finaliser: every input bit reaches every output bit.
function mix(value: number): number {
  let h = value >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * The fingerprint of a set of traits: 15 base-62 characters, so always a valid Device header
 * (printable ASCII, at most 256 characters).
 *
 * Design (the one fixed rule is 15 slots, one character each): character p of the trait text is
 * folded into slot p mod 15 with FNV-1a (xor, then multiply by the FNV prime, 32 bits). Two rounds
 * around the ring of slots then mix each slot with its neighbour, so that a change in any trait
 * changes every character rather than one; each slot is finally written as one base-62 character.
 * It is a label, not a secret: two identical browsers on identical machines share it; a browser
 * update does not change it (the user agent's version numbers are left out), a new screen does.
 */
export function fingerprintOf(traits: DeviceTraits): string {
  return fold(traitText(traits))
}

/** 15 base-62 characters from a text: the hashing fingerprintOf describes. */
function fold(text: string): string {
  const slots = new Uint32Array(FINGERPRINT_SLOTS)
  for (let slot = 0; slot < FINGERPRINT_SLOTS; slot++) slots[slot] = 0x811c9dc5 ^ slot
  for (let position = 0; position < text.length; position++) {
    const slot = position % FINGERPRINT_SLOTS
    slots[slot] = Math.imul(slots[slot]! ^ text.charCodeAt(position), 0x01000193)
  }
  for (let round = 0; round < 2; round++) {
    for (let slot = 0; slot < FINGERPRINT_SLOTS; slot++) {
      const previous = slots[(slot + FINGERPRINT_SLOTS - 1) % FINGERPRINT_SLOTS]!
      slots[slot] = mix(slots[slot]! ^ Math.imul(previous, 31 + round))
    }
  }
  return Array.from(slots, (value) => BASE62_ALPHABET[value % 62]).join('')
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/**
 * The standard (winter) offset of the running zone: the larger of January's and July's
 * getTimezoneOffset (minutes west of UTC), so summer time, north or south, moves nothing.
 */
function timeZoneOffset(): number {
  const year = new Date().getFullYear()
  return Math.max(
    new Date(year, 0, 1).getTimezoneOffset(),
    new Date(year, 6, 1).getTimezoneOffset(),
  )
}

/**
 * The traits of the browser the code runs in, read from `navigator`, `screen` and `Intl`;
 * undefined outside a browser page (no `document`, or no `navigator.userAgent`: Node, workers).
 */
export function readDeviceTraits(scope: object = globalThis): DeviceTraits | undefined {
  const global = scope as Record<string, unknown>
  const navigator = record(global.navigator)
  const userAgent = text(navigator?.userAgent)
  if (navigator === undefined || userAgent === undefined || record(global.document) === undefined) {
    return undefined
  }
  const screen = record(global.screen)
  const width = count(screen?.width)
  const height = count(screen?.height)
  return {
    userAgent,
    language: text(navigator.language),
    timeZoneOffset: timeZoneOffset(),
    screen:
      width !== undefined && height !== undefined
        ? { width, height, colorDepth: count(screen?.colorDepth) ?? 0 }
        : undefined,
  }
}

/** The Device header value of the running browser, or SERVER_DEVICE outside one. */
export function browserFingerprint(scope: object = globalThis): string {
  const traits = readDeviceTraits(scope)
  return traits === undefined ? SERVER_DEVICE : fingerprintOf(traits)
}

/**
 * The text the fingerprint was made of before issue 37 (the user agent with its version numbers,
 * every language, the zone's name, the screen, cores, platform and touch points). Kept only to
 * send as Device-Previous, so blocks stored under it follow the browser to its new fingerprint.
 */
function previousTraitText(scope: object): string | undefined {
  const global = scope as Record<string, unknown>
  const navigator = record(global.navigator)
  const userAgent = text(navigator?.userAgent)
  if (navigator === undefined || userAgent === undefined || record(global.document) === undefined) {
    return undefined
  }
  const languages = Array.isArray(navigator.languages)
    ? navigator.languages.filter((item): item is string => typeof item === 'string')
    : [text(navigator.language)].filter((item): item is string => item !== undefined)
  const screen = record(global.screen)
  const width = count(screen?.width)
  const height = count(screen?.height)
  const size =
    width !== undefined && height !== undefined
      ? `${Math.max(width, height)}x${Math.min(width, height)}x${count(screen?.colorDepth) ?? 0}`
      : ''
  let zone: string | undefined
  try {
    zone = text(Intl.DateTimeFormat().resolvedOptions().timeZone)
  } catch {
    zone = undefined // an Intl without time zone data: the old fingerprint left it out too
  }
  return [
    userAgent,
    languages.join(','),
    zone ?? '',
    size,
    count(navigator.hardwareConcurrency) ?? '',
    text(navigator.platform) ?? '',
    count(navigator.maxTouchPoints) ?? '',
  ].join('|')
}

/**
 * The running browser's fingerprint as the client made it before issue 37, when it differs from
 * the current one; undefined otherwise and outside a browser. Sent as the Device-Previous header
 * for one release (docs/api.md, "Differences from the specification"): stop sending it, and
 * delete this, in release 0.3 and not before 2027-03-01.
 */
export function previousBrowserFingerprint(scope: object = globalThis): string | undefined {
  const previousText = previousTraitText(scope)
  if (previousText === undefined) return undefined
  const previous = fold(previousText)
  return previous === browserFingerprint(scope) ? undefined : previous
}
