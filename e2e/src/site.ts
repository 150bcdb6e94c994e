import { expect } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { projectDir, run, startServer, type RunningServer } from '@shopwright/cli/testing'
import { collectErrors, launchBrowser, type SiteDatabase } from './browser.js'

/** An account a suite adds to its project before the server starts. */
export interface SiteUser {
  email: string
  /** `secret12` unless said. */
  password?: string
  /** Comma-separated roles; given as it is, even empty. */
  roles?: string
  type?: 'employee' | 'customer'
}

export interface SiteOptions {
  /** The accounts to add with `shopwright user add`, in this order. */
  users?: readonly SiteUser[]
  /** The database to put the project on (its settings, dropped again on close); SQLite if none. */
  database?: SiteDatabase
  /** Settings for the seed, the accounts and the server. */
  env?: Record<string, string>
  /** Settings for the server only, on top of `env`. */
  serverEnv?: Record<string, string>
}

/** A seeded project with its accounts, its running server and a browser. */
export interface Site {
  cwd: string
  server: RunningServer
  browser: Browser
  /** `address` on the server. */
  url(address: string): string
  /** Closes the browser, stops the server and drops the database, each if it was made. */
  close(): Promise<void>
}

/**
 * Makes the site a browser suite walks: `shopwright seed` in the project folder, the accounts,
 * then the server and Chromium started side by side. A failed seed or account fails the suite's
 * setup with the command's output.
 */
export async function makeSite(options: SiteOptions = {}): Promise<Site> {
  const cwd = projectDir()
  const database = await options.database?.settings()
  const env = { ...database?.env, ...options.env }
  let started: [RunningServer, Browser]
  try {
    const seeded = await run(['seed'], cwd, env)
    expect(seeded.code, seeded.stderr).toBe(0)
    for (const user of options.users ?? []) {
      const args = ['user', 'add', '--email', user.email, '--password', user.password ?? 'secret12']
      if (user.type) args.push('--type', user.type)
      if (user.roles !== undefined) args.push('--roles', user.roles)
      const added = await run(args, cwd, env)
      expect(added.code, added.stderr).toBe(0)
    }
    started = await Promise.all([
      startServer(cwd, { ...env, ...options.serverEnv }),
      launchBrowser(),
    ])
  } catch (error) {
    // The suite's afterAll has no site to close: the database at least must not stay behind.
    await database?.drop()
    throw error
  }
  const [server, browser] = started
  // The methods read the site's server as it is then: a suite may restart it with other settings.
  const site: Site = {
    cwd,
    server,
    browser,
    url: (address) => `${site.server.url}${address}`,
    async close() {
      await site.browser.close()
      await site.server.stop()
      await database?.drop()
    },
  }
  return site
}

/**
 * A new browser context and page on it whose script errors go to `errors`, as the admin suites
 * open the one page they walk.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions,
  errors: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  collectErrors(page, errors)
  return { context, page }
}

/**
 * A call to the site's API from Node, as a browser suite sets up what it then walks: a GET, or a
 * POST of `body` as JSON, with a session cookie and a Device header; anything but a 2xx throws.
 */
export async function apiCall(
  site: Pick<Site, 'url'>,
  device: string,
  cookie: string,
  address: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(site.url(`/query${address}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      device,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${address} answered ${response.status}: ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}
