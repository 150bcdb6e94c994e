import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { htmlTitle, itemLinks, pageSlug } from './storefront-page.js'
import { pickCartItems, pickCategory, pickGuestItem, type ItemDetail } from './shop-catalogue.js'
import { cartCookie, LINE_QUANTITY } from './scenarios/cart-add.js'
import { CATEGORY_PAGE_ITEMS } from './scenarios/storefront-category.js'
import {
  describeItem,
  describeLost,
  lostAudits,
  medianRun,
  pageOrigin,
  performanceHints,
  shownScore,
  summariseLighthouse,
  type LighthouseResult,
  type PageRun,
} from './lighthouse-report.js'
import {
  pageScripts,
  planChunks,
  readBuiltManifest,
  THEME_BUILD,
  type Manifest,
} from './admin-manifest.js'
import {
  bundleRows,
  describeComposition,
  describeInitial,
  describeLazy,
  type BundleSizes,
} from './bundle.js'
import { formatMeasure } from './format.js'

// Pure helpers of the storefront scenarios; nothing here measures or asserts a duration, a size or
// a score of the real storefront.

describe('the storefront page', () => {
  it('reads the title, decoding entities', () => {
    expect(
      htmlTitle('<html><head><title>Welcome | Shopwright</title></head><body></body></html>'),
    ).toBe('Welcome | Shopwright')
    expect(htmlTitle('<title data-x="1">\n  Tom &amp; Jerry&#39;s\n</title>')).toBe("Tom & Jerry's")
    expect(htmlTitle('<title>&nbsp;kept</title>')).toBe('&nbsp;kept')
    expect(htmlTitle('<p>no title</p>')).toBe('')
  })

  it('names pages as files', () => {
    expect(pageSlug('/')).toBe('home')
    expect(pageSlug('/about')).toBe('about')
    expect(pageSlug('/Account/address/7/')).toBe('account-address-7')
    expect(pageSlug('/a?b=c')).toBe('a-b-c')
  })

  it("lists the items a page links to, each once, in the page's order", () => {
    const html =
      '<a class="card" href="/item/mug" data-testid="item-card"><img></a><a href="/item/mug">Mug</a>' +
      '<a href="/item/tee?color=red#top">Tee</a><a href="/item/caf%C3%A9">Café</a><a href="/items">All</a>'
    expect(itemLinks(html)).toEqual(['mug', 'tee', 'café'])
    expect(itemLinks('<p>no items</p>')).toEqual([])
  })

  it('finds the theme script in a rendered page', () => {
    const html =
      '<head><link rel="stylesheet" href="/theme/assets/entry-client-A.css"><script type="module" src="/theme/assets/entry-client-B.js"></script></head>'
    expect(pageScripts(html, THEME_BUILD.base)).toEqual(['assets/entry-client-B.js'])
  })
})

describe('the shop scenarios', () => {
  const sizes = [
    { id: 'apparel', name: 'Apparel', total: 8 },
    { id: 'gifts', name: 'Gifts', total: 18 },
    { id: 'home', name: 'Home', total: 18 },
  ]

  it('takes the first category with a full page, else the largest', () => {
    expect(pickCategory(sizes, 24)).toEqual({ ...sizes[1], full: false })
    expect(pickCategory(sizes, 10)).toEqual({ ...sizes[1], full: true })
    expect(pickCategory(sizes, 8)).toEqual({ ...sizes[0], full: true })
    expect(pickCategory([], 24)).toBeUndefined()
    // The sample catalogue: gifts is the one category with a full first page of the web grid.
    const sample = [
      { id: 'apparel', name: 'Apparel', total: 8 },
      { id: 'home-kitchen', name: 'Home & Kitchen', total: 13 },
      { id: 'stationery', name: 'Stationery', total: 8 },
      { id: 'outdoor', name: 'Outdoor', total: 10 },
      { id: 'pantry', name: 'Pantry', total: 9 },
      { id: 'gifts', name: 'Gifts', total: 26 },
    ]
    expect(pickCategory(sample, CATEGORY_PAGE_ITEMS)).toEqual({ ...sample[5], full: true })
  })

  const item = (id: string, available: number, extra: Partial<ItemDetail> = {}): ItemDetail => ({
    id,
    urlcomponent: id,
    instock: available > 0,
    haschildren: false,
    price: { amount: 100, currency: 'usd' },
    available,
    children: [],
    ...extra,
  })

  it("picks items a cart can take the line's quantity of, and one child item", () => {
    const items = [
      item('tee', 0, {
        haschildren: true,
        children: [
          { id: 'tee-s', available: 2, price: { amount: 100 } },
          { id: 'tee-m', available: 9, price: { amount: 100 } },
        ],
      }),
      item('mug', 50),
      item('pen', 3),
      item('unpriced', 50, { price: { amount: -1, currency: 'usd' } }),
      item('jam', 20),
      item('salt', 30),
      item('soap', 40),
    ]
    expect(pickCartItems(items, 4, 5)).toEqual(['mug', 'jam', 'salt', 'tee-m'])
    // No child has 10: plain items only.
    expect(pickCartItems(items, 2, 10)).toEqual(['mug', 'jam'])
    expect(pickCartItems(items.slice(1), 2, 5)).toEqual(['mug', 'jam'])
    expect(pickCartItems(items, 9, 5)).toEqual(['mug', 'jam', 'salt', 'soap', 'tee-m'])
  })

  it('picks the first item without children that a stranger can buy enough units of', () => {
    const items = [
      item('tee', 0, {
        haschildren: true,
        children: [{ id: 'tee-m', available: 50, price: { amount: 100 } }],
      }),
      item('pen', 3),
      item('free', 50, { price: { amount: 0, currency: 'usd' } }),
      item('mug', 12),
      item('jam', 20),
    ]
    expect(pickGuestItem(items, 10)).toBe('mug')
    expect(pickGuestItem(items, 3)).toBe('pen')
    expect(pickGuestItem(items, 15)).toBe('jam')
    expect(pickGuestItem(items, 21)).toBeUndefined()
  })

  it('reads the cart cookie from Set-Cookie', () => {
    expect(cartCookie('sw_cart=abc_D-9; path=/; httponly')).toBe('sw_cart=abc_D-9')
    expect(cartCookie(['sw_visit=x; path=/', 'sw_cart=tok; path=/'])).toBe('sw_cart=tok')
    expect(cartCookie('sw_cart=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT')).toBeUndefined()
    expect(cartCookie(undefined)).toBeUndefined()
    expect(LINE_QUANTITY).toBeLessThan(999)
  })
})

/** Shaped like the default theme's manifest: one entry with its CSS, plus a lazy chunk. */
const THEME_MANIFEST: Manifest = {
  'src/entry-client.tsx': {
    file: 'assets/entry-client-B.js',
    name: 'entry-client',
    src: 'src/entry-client.tsx',
    isEntry: true,
    imports: ['_react-C.js'],
    dynamicImports: ['src/pages/Account.tsx'],
    css: ['assets/entry-client-A.css'],
  },
  '_react-C.js': { file: 'assets/react-C.js', name: 'react' },
  'src/pages/Account.tsx': {
    file: 'assets/Account-D.js',
    name: 'Account',
    src: 'src/pages/Account.tsx',
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_form-E.js'],
  },
  '_form-E.js': { file: 'assets/form-E.js', name: 'form' },
  'src/other.html': { file: 'assets/other-F.js', isEntry: true },
}

describe("the theme's manifest", () => {
  it('walks from the named entry, even with several entries', () => {
    const plan = planChunks(THEME_MANIFEST, THEME_BUILD.entry)
    expect(plan.entry).toBe('src/entry-client.tsx')
    expect(plan.initial).toEqual(['src/entry-client.tsx', '_react-C.js'])
    expect(plan.initialCss).toEqual(['assets/entry-client-A.css'])
    expect(plan.lazy).toEqual([
      { key: 'src/pages/Account.tsx', loads: ['src/pages/Account.tsx', '_form-E.js'] },
    ])
    // Without a name, two entries and no index.html cannot be told apart.
    expect(() => planChunks(THEME_MANIFEST)).toThrow(/2 entry chunks/)
  })

  it('refuses an entry the manifest lacks or that is not an entry', () => {
    expect(() => planChunks(THEME_MANIFEST, 'src/gone.tsx')).toThrow(/no entry "src\/gone.tsx"/)
    expect(() => planChunks(THEME_MANIFEST, '_react-C.js')).toThrow(/is not an entry chunk/)
  })

  const made: string[] = []
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('says how to build the theme when it is not built, and reads it when it is', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-theme-'))
    made.push(dir)
    expect(() => readBuiltManifest(dir, THEME_BUILD)).toThrow(
      /the default theme is not built: storefront-theme\/dist\/client\/.vite\/manifest.json is missing.*npm run build/,
    )
    const client = path.join(dir, THEME_BUILD.clientDir)
    fs.mkdirSync(path.join(client, '.vite'), { recursive: true })
    fs.mkdirSync(path.join(client, 'assets'))
    fs.writeFileSync(
      path.join(client, '.vite/manifest.json'),
      JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/e.js', isEntry: true } }),
    )
    expect(() => readBuiltManifest(dir, THEME_BUILD)).toThrow(
      /the default theme build is incomplete: .* names assets\/e.js/,
    )
    fs.writeFileSync(path.join(client, 'assets/e.js'), 'export {}')
    expect(readBuiltManifest(dir, THEME_BUILD).clientDir).toBe(client)
  })
})

describe('bundle descriptions', () => {
  const plan = planChunks(THEME_MANIFEST, THEME_BUILD.entry)
  const sizes: BundleSizes = {
    initial: {
      files: [
        { file: 'assets/entry-client-B.js', bytes: 20_480, gzipBytes: 8_192 },
        { file: 'assets/react-C.js', bytes: 10_240, gzipBytes: 4_096 },
      ],
      bytes: 30_720,
      gzipBytes: 12_288,
    },
    initialCss: { files: [], bytes: 0, gzipBytes: 0 },
    lazy: [
      {
        key: 'src/pages/Account.tsx',
        name: 'storefront-theme/src/pages/Account.tsx',
        own: { file: 'assets/Account-D.js', bytes: 2_048, gzipBytes: 1_024 },
        loads: { files: [], bytes: 3_072, gzipBytes: 1_536 },
        withChunks: ['form'],
      },
    ],
  }

  it('describes the initial chunks, their count and the lazy ones', () => {
    expect(describeInitial(THEME_MANIFEST, plan, sizes)).toBe(
      'entry-client 8.0 KB gzip (20.0 KB raw), react 4.0 KB gzip (10.0 KB raw)',
    )
    expect(describeComposition(sizes)).toBe('the entry chunk and 1 static import')
    const alone = { ...sizes.initial, files: sizes.initial.files.slice(0, 1) }
    expect(describeComposition({ ...sizes, initial: alone })).toBe(
      'the entry chunk alone, no static imports',
    )
    expect(describeLazy(sizes)).toBe('Account.tsx 1.5 KB (with form)')
    expect(bundleRows(sizes).map((row) => row.metric)).toEqual([
      'initial JS, gzip -9 (2 chunks)',
      'initial JS, raw',
      'lazy chunk, gzip -9: storefront-theme/src/pages/Account.tsx',
    ])
    expect(bundleRows(sizes)[0]!.shopwright).toEqual({ value: 12, unit: 'KB' })
  })
})

/** A Lighthouse 12 result, cut down to what the summary reads. */
function lhr(overrides: Partial<LighthouseResult> = {}): LighthouseResult {
  return {
    lighthouseVersion: '12.8.2',
    requestedUrl: 'http://127.0.0.1:1/',
    finalDisplayedUrl: 'http://127.0.0.1:1/',
    environment: { benchmarkIndex: 1_700 },
    configSettings: { formFactor: 'mobile', throttlingMethod: 'simulate' },
    runWarnings: [],
    categories: {
      performance: {
        score: 0.91,
        auditRefs: [
          { id: 'first-contentful-paint', weight: 10 },
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'cumulative-layout-shift', weight: 25 },
          { id: 'speed-index', weight: 10 },
          { id: 'uses-text-compression', weight: 0 },
          { id: 'render-blocking-insight', weight: 0 },
          { id: 'diagnostics', weight: 0 },
        ],
      },
      accessibility: {
        score: 0.93,
        auditRefs: [
          { id: 'color-contrast', weight: 7 },
          { id: 'image-alt', weight: 0 },
          { id: 'document-title', weight: 7 },
        ],
      },
      'best-practices': {
        score: 1,
        auditRefs: [{ id: 'errors-in-console', weight: 1 }],
      },
      seo: { score: null, auditRefs: [{ id: 'meta-description', weight: 1 }] },
    },
    audits: {
      'first-contentful-paint': audit('first-contentful-paint', 'First Contentful Paint', 0.5, {
        numericValue: 2_400,
        displayValue: '2.4 s',
      }),
      'largest-contentful-paint': audit('largest-contentful-paint', 'LCP', 1, {
        numericValue: 2_400,
      }),
      'total-blocking-time': audit('total-blocking-time', 'Total Blocking Time', 0.9, {
        numericValue: 210,
      }),
      'cumulative-layout-shift': audit('cumulative-layout-shift', 'CLS', 1, { numericValue: 0 }),
      'speed-index': audit('speed-index', 'Speed Index', 1, { numericValue: 2_500 }),
      'uses-text-compression': audit('uses-text-compression', 'Enable text compression', 0, {
        scoreDisplayMode: 'metricSavings',
        displayValue: 'Est savings of 191 KiB',
        metricSavings: { FCP: 900, LCP: 900.4, TBT: 0 },
        details: {
          type: 'opportunity',
          items: [
            { url: 'http://127.0.0.1:1/theme/x.js' },
            { url: 'http://127.0.0.1:1/' },
            { url: 'http://cdn.example/y.js' },
          ],
        },
      }),
      'render-blocking-insight': audit('render-blocking-insight', 'Render blocking', 0, {
        scoreDisplayMode: 'metricSavings',
      }),
      diagnostics: audit('diagnostics', 'Diagnostics', null, { scoreDisplayMode: 'informative' }),
      'color-contrast': audit('color-contrast', 'Contrast is too low', 0, {
        scoreDisplayMode: 'binary',
        details: {
          type: 'table',
          items: [
            {
              node: {
                nodeLabel: 'Login',
                snippet: '<a class="sw-login-link" href="/login">',
                explanation: 'Fix any of the following: insufficient contrast',
              },
            },
          ],
        },
      }),
      'image-alt': audit('image-alt', 'Images have alt', null, {
        scoreDisplayMode: 'notApplicable',
      }),
      'document-title': audit('document-title', 'Has a title', 1),
      'errors-in-console': audit('errors-in-console', 'No console errors', 1),
      'meta-description': audit('meta-description', 'Has a meta description', null, {
        scoreDisplayMode: 'error',
        errorMessage: 'Required MetaElements gatherer did not run.',
      }),
    },
    ...overrides,
  }
}

function audit(
  id: string,
  title: string,
  score: number | null,
  extra: Partial<LighthouseResult['audits'][string]> = {},
): LighthouseResult['audits'][string] {
  return { id, title, score, scoreDisplayMode: 'numeric', ...extra }
}

describe('Lighthouse results', () => {
  it('shows scores as the report does', () => {
    expect(shownScore(0.955)).toBe(96)
    expect(shownScore(1)).toBe(100)
    expect(shownScore(null)).toBeNaN()
    expect(formatMeasure({ value: 96, unit: 'score' })).toBe('96')
    expect(formatMeasure({ value: 96.5, unit: 'score' })).toBe('96.5')
    expect(formatMeasure({ value: Number.NaN, unit: 'score' })).toBe('n/a')
  })

  it('lists the weighted audits below a full score with the points they cost, costliest first', () => {
    const lost = lostAudits(lhr(), 'performance')
    expect(lost.map((each) => each.id)).toEqual(['first-contentful-paint', 'total-blocking-time'])
    // 10 × 0.5 and 30 × 0.1 of 100 weights.
    expect(lost[0]).toMatchObject({ lostPoints: 5, displayValue: '2.4 s', weight: 10 })
    expect(lost[1]!.lostPoints).toBeCloseTo(3)
  })

  it('sorts by cost and keeps what an audit found', () => {
    const [contrast, ...rest] = lostAudits(lhr(), 'accessibility')
    expect(rest).toEqual([])
    expect(contrast).toMatchObject({ id: 'color-contrast', score: 0, lostPoints: 50 })
    expect(contrast!.items).toEqual(['Login — Fix any of the following: insufficient contrast'])
    // An errored weighted audit costs its whole weight and says why.
    expect(lostAudits(lhr(), 'seo')).toEqual([
      expect.objectContaining({
        id: 'meta-description',
        score: null,
        lostPoints: 100,
        displayValue: 'Required MetaElements gatherer did not run.',
      }),
    ])
    expect(lostAudits(lhr(), 'best-practices')).toEqual([])
    expect(lostAudits(lhr(), 'pwa')).toEqual([])
  })

  it('flags failed opportunities, leaving out the insight audits and informative ones', () => {
    expect(performanceHints(lhr()).map((each) => each.id)).toEqual(['uses-text-compression'])
    expect(performanceHints(lhr())[0]).toMatchObject({
      weight: 0,
      lostPoints: 0,
      savings: { FCP: 900, LCP: 900.4 },
      // The page's origin is left out (its port changes every run); other origins stay.
      items: ['/theme/x.js', '/', 'http://cdn.example/y.js'],
    })
    expect(pageOrigin(lhr({ finalDisplayedUrl: 'not a url', requestedUrl: 'x' }))).toBe('')
    expect(pageOrigin(lhr())).toBe('http://127.0.0.1:1')
  })

  it('describes items in words', () => {
    expect(describeItem(null)).toBe('')
    expect(describeItem({ node: { snippet: '<img src="a.png">' } })).toBe('<img src="a.png">')
    expect(
      describeItem({
        source: 'console.error',
        description: 'Failed to load resource: 404',
        sourceLocation: { url: 'http://127.0.0.1:1/x' },
      }),
    ).toBe('Failed to load resource: 404 — console.error — http://127.0.0.1:1/x')
    expect(describeItem({ description: 'Add [preconnect](https://example.org/) hints' })).toBe(
      'Add preconnect hints',
    )
    expect(describeItem({ text: 'x'.repeat(400) })).toHaveLength(160)
  })

  it('describes a lost audit as a line of Markdown, snippets as code', () => {
    const [contrast] = lostAudits(lhr(), 'accessibility')
    expect(describeLost(contrast!)).toBe(
      'Contrast is too low (`color-contrast`) score 0.00, −50.0 points: `Login — Fix any of the following: insufficient contrast`',
    )
    const [hint] = performanceHints(lhr())
    expect(describeLost(hint!)).toBe(
      'Enable text compression (`uses-text-compression`) score 0.00, Est savings of 191 KiB (would save FCP −900 ms, LCP −900 ms): `/theme/x.js`; `/`; `http://cdn.example/y.js`',
    )
  })

  it('summarises a run', () => {
    const run = summariseLighthouse(lhr(), '/', 2)
    expect(run.scores).toEqual({
      performance: 91,
      accessibility: 93,
      'best-practices': 100,
      seo: Number.NaN,
    })
    expect(run.metrics).toEqual({
      firstContentfulPaintMs: 2_400,
      largestContentfulPaintMs: 2_400,
      totalBlockingTimeMs: 210,
      speedIndexMs: 2_500,
      cumulativeLayoutShift: 0,
    })
    expect(run.benchmarkIndex).toBe(1_700)
    expect(run.lost['best-practices']).toEqual([])
    expect(() =>
      summariseLighthouse(
        lhr({ runtimeError: { code: 'NO_FCP', message: 'The page did not paint' } }),
        '/about',
        1,
      ),
    ).toThrow(/could not measure \/about: NO_FCP/)
  })

  it('takes the median score and the run nearest to it', () => {
    const runs: PageRun[] = [97, 93, 95].map((performance, n) => ({
      ...summariseLighthouse(lhr(), '/', n + 1),
      scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    }))
    const found = medianRun(runs, 'performance')
    expect(found.score).toBe(95)
    expect(found.run.run).toBe(3)
    // An even count averages the middle two; the first nearest run explains it.
    expect(medianRun(runs.slice(0, 2), 'performance')).toMatchObject({ score: 95 })
    expect(medianRun(runs.slice(0, 2), 'performance').run.run).toBe(1)
    // A run without a score counts as 0.
    const broken = { ...runs[0]!, scores: { ...runs[0]!.scores, performance: Number.NaN } }
    expect(medianRun([broken, runs[1]!, runs[2]!], 'performance').score).toBe(93)
    expect(() => medianRun([], 'seo')).toThrow(/no Lighthouse runs/)
  })
})
