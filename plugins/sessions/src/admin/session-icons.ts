import type { Platform } from '../shared/types.js'

/** The kit's browser icon (README, "Screens") for a browser name as bowser gives it. */
export function browserIcon(name: string, robot = false): string {
  if (robot) return 'robot'
  const lower = name.toLowerCase()
  if (lower.includes('edge')) return 'edge'
  if (lower.includes('internet explorer')) return 'explorer'
  if (lower.includes('firefox')) return 'firefox'
  if (lower.includes('chrom')) return 'chrome'
  if (lower.includes('safari')) return 'safari'
  if (lower.includes('android')) return 'android'
  return 'application'
}

/** The spec's operating system icon for an OS name. */
export function osIcon(name: string): string {
  const lower = name.toLowerCase()
  if (lower.includes('windows')) return 'windows'
  if (lower.includes('android')) return 'android'
  if (['macos', 'ios', 'ipados', 'watchos', 'tvos'].some((apple) => lower.includes(apple)))
    return 'apple'
  if (
    ['linux', 'ubuntu', 'debian', 'fedora', 'chrome os', 'chromeos'].some((os) =>
      lower.includes(os),
    )
  )
    return 'linux'
  return 'application'
}

/** The device icon for phones and tablets; none for a desktop. */
export function deviceIcon(platform: Platform): string | undefined {
  if (platform === 'mobile') return 'cellphone'
  if (platform === 'tablet') return 'tablet'
  return undefined
}
