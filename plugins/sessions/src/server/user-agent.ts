import Bowser from 'bowser'
import { isbot } from 'isbot'
import type { NameVersion, Platform } from '../shared/types.js'

/** What a user agent says about the visitor's software. */
export interface Agent {
  browser: NameVersion
  os: NameVersion
  platform: Platform
  /** Why it is a robot (README, "Flags"), or null. */
  robot: string | null
}

const PLATFORMS = new Set<Platform>(['desktop', 'mobile', 'tablet', 'tv', 'bot'])

/** Stored user agents are cut to this many characters (some are kilobytes of junk). */
export const MAX_USER_AGENT = 512

function clip(text: string | undefined, length: number): string {
  return (text ?? '').slice(0, length)
}

/**
 * Reads a user agent with bowser (browser, OS, platform) and isbot (crawlers, tools, headless
 * browsers). Robot rules, in order: `no-user-agent` (none sent), `crawler` (isbot knows it) and
 * `bot-platform` (bowser names the platform `bot`).
 */
export function readAgent(userAgent: string): Agent {
  if (!userAgent.trim())
    return {
      browser: { name: '', version: '' },
      os: { name: '', version: '' },
      platform: '',
      robot: 'no-user-agent',
    }
  const parsed = Bowser.parse(userAgent)
  const type = parsed.platform.type as Platform | undefined
  const platform = type && PLATFORMS.has(type) ? type : ''
  const os = parsed.os as { name?: string; version?: string; versionName?: string }
  return {
    browser: { name: clip(parsed.browser.name, 64), version: clip(parsed.browser.version, 32) },
    // Windows reports its kernel version (NT 10.0); the name people know (10) reads better.
    os: { name: clip(os.name, 64), version: clip(os.versionName ?? os.version, 32) },
    platform,
    robot: isbot(userAgent) ? 'crawler' : platform === 'bot' ? 'bot-platform' : null,
  }
}

/**
 * readAgent with a bounded memory of recent answers: a site sees the same few hundred user agents
 * over and over, and parsing one costs tens of microseconds.
 */
export class AgentReader {
  private readonly seen = new Map<string, Agent>()

  constructor(private readonly size = 2_000) {}

  read(userAgent: string): Agent {
    const key = userAgent.slice(0, MAX_USER_AGENT)
    const known = this.seen.get(key)
    if (known) return known
    const agent = readAgent(key)
    if (this.seen.size >= this.size) this.seen.delete(this.seen.keys().next().value!)
    this.seen.set(key, agent)
    return agent
  }
}
