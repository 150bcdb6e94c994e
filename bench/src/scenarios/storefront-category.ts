import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { DEVICE_HEADERS, INFO_PATH } from '../servers.js'
import { PAGE_SIZES } from '@shopwright/client'
import { formatRatio } from '../format.js'
import { loadRows, ceilingRounds } from '../rounds.js'
import { htmlTitle, itemLinks } from '../storefront-page.js'
import { categoryItems, categorySizes, pickCategory } from '../shop-catalogue.js'
import {
  STOREFRONT_P99_TARGET_MS,
  STOREFRONT_RENDER_TARGET,
  storefrontRenderPlan,
} from './storefront-render.js'
import { withFreshKernel } from '../fresh-kernel.js'

/** Items the category page renders on the server: the grid's page (core's web grid size). */
export const CATEGORY_PAGE_ITEMS = PAGE_SIZES.webgrid

/** What a browser asks for; the kernel answers the page as HTML. */
const PAGE_HEADERS = { Accept: 'text/html' }

/**
 * A category page of the commerce plugin for an anonymous visitor: the first page of a category's
 * grid, rendered on the server with its items (the plugin's page data provider) and then answered
 * from the engine's page cache, at 50 connections against the kernel's own /query ceiling on the
 * same process, as storefront-render measures `/`.
 */
export const storefrontCategory: Scenario = {
  name: 'storefront-category',
  title: 'Storefront category page: GET /category/:id for an anonymous visitor',
  method(quick) {
    const p = storefrontRenderPlan(quick)
    return [
      `A kernel (default plugins, so commerce and the default theme, default log level) on a fresh SQLite`,
      `DATA_DIR, migrated and seeded by its first start (the sample catalogue). The category is chosen through the`,
      `shop's own calls as an anonymous visitor: the online categories (\`/query/ns/data/list/webcategory\`) and each`,
      `one's item count (\`/query/ns/data/list/item?category=\`); the first holding at least ${CATEGORY_PAGE_ITEMS} items (a full`,
      `first page of the grid), else the largest, which the notes name. \`GET /category/<id>\` is rendered on the`,
      `server with the category's first ${CATEGORY_PAGE_ITEMS} items (the plugin's page data provider, through the storefront's`,
      `\`storefront\` service) and kept in the engine's page cache for anonymous visitors (per address, country,`,
      `language and currency; dropped when an item or category changes), so under load it is answered`,
      `from the cache after the first request. Before the load the page must answer 200 \`text/html\` with a`,
      `title and link to exactly the items of the category's first page (\`href="/item/<id>"\`, each once:`,
      `the grid's cards) in the list call's order. autocannon sends \`GET /category/<id>\` with \`Accept: text/html\`,`,
      `no cookie and no Accept-Encoding (the page goes uncompressed, as the baseline's JSON does). Baseline: the`,
      `kernel's own /query ceiling on the same process, \`GET ${INFO_PATH}\` with \`Device: bench\`.`,
      `${p.connections} connections, pipelining 1, both sides; after a ${p.warmupSeconds} s warm-up of each, ${p.rounds} rounds of ${p.roundSeconds} s`,
      `alternate server/info, the category page, ...; medians; the ratio is the page's requests/s over server/info's,`,
      `and the p99 latency the median of the rounds' p99 (exact, from every response time). Every answer must be`,
      `2xx. The targets are storefront-render's for \`/\`.`,
    ].join('\n')
  },
  async run(context) {
    const p = storefrontRenderPlan(context.quick)
    return withFreshKernel(context, 'storefront-category', {}, async (kernel) => {
      const port = kernel.port

      const sizes = await categorySizes(port)
      const category = pickCategory(sizes, CATEGORY_PAGE_ITEMS)
      if (!category) throw new Error('the shop lists no online category')
      const pagePath = `/category/${encodeURIComponent(category.id)}`
      const expected = (await categoryItems(port, category.id, CATEGORY_PAGE_ITEMS)).data.map(
        (item) => item.id,
      )
      // A category holding a page or more must fill its first page: the figures are of a full grid.
      if (category.full && expected.length !== CATEGORY_PAGE_ITEMS)
        throw new Error(
          `${category.id} holds ${category.total} items, yet its first page lists ${expected.length}, not ${CATEGORY_PAGE_ITEMS}`,
        )
      const page = await request(port, pagePath, { headers: PAGE_HEADERS })
      const type = String(page.headers['content-type'] ?? '')
      const title = htmlTitle(page.body)
      if (page.status !== 200 || !type.startsWith('text/html') || !title)
        throw new Error(
          `GET ${pagePath} answered ${page.status} ${type} without a page title: ${page.body.slice(0, 300)}`,
        )
      const cards = itemLinks(page.body)
      if (cards.join(',') !== expected.join(','))
        throw new Error(
          `GET ${pagePath} links to ${cards.length} item(s) (${cards.join(', ')}), not the ${expected.length} of the category's first page (${expected.join(', ')})`,
        )
      const info = await request(port, INFO_PATH, { headers: DEVICE_HEADERS })
      if (info.status !== 200) throw new Error(`GET ${INFO_PATH} answered ${info.status}`)

      const loaded = await ceilingRounds(context, 'storefront-category', p, {
        server: kernel,
        path: pagePath,
        headers: PAGE_HEADERS,
      })
      const { summary } = loaded
      const sizesText = sizes.map((size) => `${size.id} ${size.total}`).join(', ')
      const choice = category.full
        ? `\`${pagePath}\` ("${category.name}", ${category.total} items, the first category with a full page of ${CATEGORY_PAGE_ITEMS})`
        : `\`${pagePath}\` ("${category.name}", ${category.total} items): no category holds ${CATEGORY_PAGE_ITEMS} items, so the largest, whose first page shows all ${category.total}`

      return {
        rows: loadRows(loaded.pairs, { prefix: `${p.connections} connections: ` }),
        targets: [
          {
            goal: `Storefront category page (\`/category/:id\`, ${CATEGORY_PAGE_ITEMS} items or the category's count) for an anonymous visitor at ${p.connections} connections: at least ${Math.round(STOREFRONT_RENDER_TARGET * 100)}% of the kernel's own /query ceiling (GET ${INFO_PATH}, same process) in requests/s`,
            measured: `${summary.throughput}; \`${pagePath}\` with ${cards.length} items`,
            pass: summary.ratio >= STOREFRONT_RENDER_TARGET,
          },
          {
            goal: `Storefront category page at ${p.connections} connections: p99 latency under ${STOREFRONT_P99_TARGET_MS} ms`,
            measured: summary.latency,
            pass: summary.p99Ms < STOREFRONT_P99_TARGET_MS,
          },
        ],
        notes: [
          `The page: ${choice}. Items per category (the list calls' totals): ${sizesText}.`,
          `Requests/s ratio per round: ${summary.perRound.map(formatRatio).join(', ')}. Answer sizes: the page ${Buffer.byteLength(page.body).toLocaleString('en-US')} bytes (title "${title}", ${cards.length} item cards), server/info ${Buffer.byteLength(info.body).toLocaleString('en-US')} bytes.`,
        ],
        // One process answered both sides: its profile covers all of them.
        kernelRequests: loaded.requests.kernel + loaded.requests.baseline,
        raw: {
          plan: p,
          category,
          sizes,
          path: pagePath,
          items: cards,
          title,
          requests: loaded.requests,
          responseBytes: {
            page: Buffer.byteLength(page.body),
            serverInfo: Buffer.byteLength(info.body),
          },
          rounds: summary.rounds,
          ratio: summary.ratio,
        },
      }
    })
  },
}
