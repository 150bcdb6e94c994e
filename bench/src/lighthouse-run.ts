import fs from 'node:fs'
import path from 'node:path'
import type { BenchContext } from './scenario.js'
import { freePort, get } from './http-probe.js'
import { CHROMIUM, CHROMIUM_ARGS } from '@shopwright/cli/testing'
import { childEnv, launch, type RunningServer } from './servers.js'
import { CATEGORIES, type CategoryId, type LighthouseResult } from './lighthouse-report.js'

/**
 * Debian's Chromium headless with the suites' flags (CHROMIUM_ARGS, STACK.md's Lighthouse line), plus what keeps a headless page's timers and rendering at full speed
 * (as chrome-launcher, which the Lighthouse CLI uses, sets them) and the DevTools port Lighthouse
 * connects to.
 */
export const LIGHTHOUSE_CHROMIUM_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-features=Translate,OptimizationHints,MediaRouter',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-background-timer-throttling',
  '--mute-audio',
  '--password-store=basic',
  '--use-mock-keychain',
] as const

/** A Chromium listening for DevTools on 127.0.0.1:port. */
export interface DebugChromium extends RunningServer {
  /** `HeadlessChrome/156.0.8078.79`, from /json/version. */
  version: string
}

/**
 * Starts Debian's Chromium as a child of the run (killed with the others on exit or Ctrl+C), with a
 * fresh profile folder, listening for DevTools on a free port; resolves once /json/version answers.
 */
export async function startDebugChromium(
  context: BenchContext,
  options: { userDataDir: string; logFile: string },
): Promise<DebugChromium> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium package (the bench never downloads a browser)`,
    )
  const port = await freePort()
  fs.mkdirSync(options.userDataDir, { recursive: true })
  const chromium = await launch(
    context,
    CHROMIUM,
    [
      ...LIGHTHOUSE_CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${options.userDataDir}`,
      'about:blank',
    ],
    {
      cwd: path.dirname(options.logFile),
      env: childEnv({}),
      port,
      logFile: options.logFile,
      readyPath: '/json/version',
      intervalMs: 50,
      timeoutMs: 30_000,
    },
  )
  const answer = await get(port, '/json/version')
  const version = (JSON.parse(answer.body) as { Browser?: unknown }).Browser
  return { ...chromium, version: typeof version === 'string' ? version : 'unknown' }
}

/** What one Lighthouse run audits, besides where its Chromium keeps its files. */
export interface LighthouseRunOptions {
  userDataDir: string
  logFile: string
  /** Lighthouse's desktop config (1350 × 940, desktop throttling) instead of the default mobile one. */
  desktop?: boolean
  /** The categories audited; all four unless given. */
  categories?: readonly CategoryId[]
}

/**
 * One Lighthouse run (its Node API, the default config: mobile form factor, simulated throttling,
 * or its desktop config) of `url` for the four categories (or those asked), in a Chromium of its
 * own that is stopped afterwards.
 */
export async function runLighthouse(
  context: BenchContext,
  url: string,
  options: LighthouseRunOptions,
): Promise<{ lhr: LighthouseResult; chromium: string }> {
  // Loaded on first use: the other scenarios need not pay for Lighthouse's start-up.
  const { default: lighthouse, desktopConfig } = await import('lighthouse')
  const chromium = await startDebugChromium(context, options)
  try {
    const flags = {
      port: chromium.port,
      hostname: '127.0.0.1',
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: [...(options.categories ?? CATEGORIES)],
    }
    const result = await lighthouse(url, flags, options.desktop ? desktopConfig : undefined)
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    return { lhr: result.lhr as unknown as LighthouseResult, chromium: chromium.version }
  } finally {
    await context.children.stop(chromium.child)
  }
}
