import { BASE62_ALPHABET } from '@shopwright/core/shared'

/** The stable traits of a browser that make up its fingerprint. */
export interface DeviceTraits {
  userAgent?: string | undefined
  languages?: readonly string[] | undefined
  timeZone?: string | undefined
  screen?: { width: number; height: number; colorDepth: number } | undefined
  hardwareConcurrency?: number | undefined
  platform?: string | undefined
  touchPoints?: number | undefined
}

/** How many slots the fingerprint folds characters into, one character each. */
export const FINGERPRINT_SLOTS = 15

/** The Device value of a client that runs outside a browser (server-side rendering, scripts). */
export const SERVER_DEVICE = 'server'

/**
 * The traits as one text. The screen is written larger side first so that turning a phone does not
 * make it another device; the pixel ratio is left out because zooming changes it.
 */
export function traitText(traits: DeviceTraits): string {
  const screen = traits.screen
  const size = screen
    ? `${Math.max(screen.width, screen.height)}x${Math.min(screen.width, screen.height)}x${screen.colorDepth}`
    : ''
  return [
    traits.userAgent ?? '',
    (traits.languages ?? []).join(','),
    traits.timeZone ?? '',
    size,
    traits.hardwareConcurrency ?? '',
    traits.platform ?? '',
    traits.touchPoints ?? '',
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
 * It is a label, not a secret: two identical browsers on identical machines share it, and a browser
 * update changes it.
 */
export function fingerprintOf(traits: DeviceTraits): string {
  const text = traitText(traits)
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

function timeZone(): string | undefined {
  try {
    return text(Intl.DateTimeFormat().resolvedOptions().timeZone)
  } catch {
    return undefined // an Intl without time zone data: the trait is left out, not guessed
  }
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
  const languages = Array.isArray(navigator.languages)
    ? navigator.languages.filter((item): item is string => typeof item === 'string')
    : [text(navigator.language)].filter((item): item is string => item !== undefined)
  const screen = record(global.screen)
  const width = count(screen?.width)
  const height = count(screen?.height)
  return {
    userAgent,
    languages,
    timeZone: timeZone(),
    screen:
      width !== undefined && height !== undefined
        ? { width, height, colorDepth: count(screen?.colorDepth) ?? 0 }
        : undefined,
    hardwareConcurrency: count(navigator.hardwareConcurrency),
    platform: text(navigator.platform),
    touchPoints: count(navigator.maxTouchPoints),
  }
}

/** The Device header value of the running browser, or SERVER_DEVICE outside one. */
export function browserFingerprint(scope: object = globalThis): string {
  const traits = readDeviceTraits(scope)
  return traits === undefined ? SERVER_DEVICE : fingerprintOf(traits)
}
