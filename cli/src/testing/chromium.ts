/** Debian's Chromium (`apt-get install -y chromium`): browser suites and the bench never download one. */
export const CHROMIUM = '/usr/bin/chromium'

/**
 * The flags this sandboxed, offline machine needs for headless Chromium (STACK.md): no sandbox or
 * GPU, and nothing that reaches for the network on its own.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The options the browser suites and the bench launch it with, `chromium.launch(chromiumLaunch())`
 * of their own playwright-core: headless Debian Chromium with CHROMIUM_ARGS, a fresh object a call.
 */
export function chromiumLaunch(): { executablePath: string; headless: true; args: string[] } {
  return { executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] }
}
