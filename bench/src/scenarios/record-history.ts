import type { Scenario } from '../scenario.js'
import { formatMeasure } from '../format.js'
import { request } from '../http-probe.js'
import { sqliteFile } from '../record-table.js'
import { firstPage, measureAgainstBarePage, pageRoundPlans } from '../page-baseline.js'
import { withManagerSite } from '../manager-site.js'
import { timedMedian } from '../drive-site.js'
import { writeSqlite } from '../sqlite-write.js'

/** The ceilings: the history's first page p50, and one difference of a 50 KB page. */
export const HISTORY_LIST_P50_TARGET_MS = 20
export const HISTORY_DIFF_TARGET_MS = 50
const VERSIONS = 1_000
const PARAGRAPHS = 100
const PAGE_ID = 'history-bench'
const LIST_PATH = `/query/data/history/list/webpage/${PAGE_ID}`
/** Two neighbouring versions: what a person compares most, one save against the one before. */
const DIFF_PATH = `/query/data/history/diff/webpage/${PAGE_ID}/500/501`
const FAR_DIFF_PATH = `/query/data/history/diff/webpage/${PAGE_ID}/1/current`
const PLUGINS = 'records,account'
const MANAGER = { email: 'history-manager@example.com', password: 'bench-password-1' } as const

/** A paragraph of about 500 bytes: plain words, a link, some bold. */
function paragraph(n: number, edit: number): string {
  const words = Array.from({ length: 60 }, (_, w) => `word${(n * 61 + w * 7 + edit) % 997}`)
  return `<p>${words.slice(0, 30).join(' ')} <strong>${words[30]}</strong> <a href="/p${n}">${words[31]}</a> ${words.slice(32).join(' ')}.</p>`
}

/** The page's content at version `version`: each version rewords one paragraph. */
function contentAt(version: number): string {
  const parts: string[] = []
  for (let n = 0; n < PARAGRAPHS; n++) {
    // How often paragraph n was edited up to this version (version v edits paragraph v % 100).
    const edits = Math.floor(version / PARAGRAPHS) + (n < version % PARAGRAPHS ? 1 : 0)
    parts.push(paragraph(n, edits))
  }
  return parts.join('')
}

/**
 * Puts `VERSIONS` versions of the page straight into `record_versions` (one SQLite transaction),
 * as two people's alternating saves an hour apart would leave them, the newest now; the record
 * itself is made the last version. Answers the bytes of one version's body.
 */
function insertVersions(file: string, now: number): number {
  let bytes = 0
  writeSqlite(file, (db) => {
    db.pragma('busy_timeout = 10000')
    const insert = db.prepare(
      `INSERT INTO record_versions (type, id, number, record_version, body, saved_at, actor, actor_name, kind, note)
         VALUES ('webpage', ?, ?, ?, ?, ?, ?, ?, ?, '')`,
    )
    db.transaction(() => {
      // The create kept its version 1: the history is all the bench's.
      db.prepare(`DELETE FROM record_versions WHERE type = 'webpage' AND id = ?`).run(PAGE_ID)
      for (let number = 1; number <= VERSIONS; number++) {
        const body = JSON.stringify({ headline: `History ${number}`, content: contentAt(number) })
        bytes = body.length
        const person = number % 2 ? ['employee|1', 'Ada Editor'] : ['employee|2', 'Ben Writer']
        insert.run(
          PAGE_ID,
          number,
          number,
          body,
          now - (VERSIONS - number) * 3_600_000,
          person[0],
          person[1],
          number === 1 ? 'created' : 'saved',
        )
      }
      db.prepare(`UPDATE records SET body = ?, version = ? WHERE type = 'webpage' AND id = ?`).run(
        JSON.stringify({ headline: `History ${VERSIONS}`, content: contentAt(VERSIONS) }),
        VERSIONS,
        PAGE_ID,
      )
    })()
  })
  return bytes
}

/**
 * A record's history (issue 39): `GET /query/data/history/list/...` (the first page of 50) of a
 * 50 KB page with 1,000 versions, as a signed-in manager, against bare Koa answering the same
 * page; and the difference of two neighbouring versions.
 */
export const recordHistory: Scenario = {
  name: 'record-history',
  title: 'Record history: 1,000 versions of a 50 KB page',
  method(quick) {
    const p = pageRoundPlans(quick)
    return [
      `A kernel (\`PLUGINS=${PLUGINS}\`, SQLite, fresh DATA_DIR) signed in as a manager (role \`allmanagers\`, which the`,
      `seeded \`website\` security record gives every right). The bench creates a web page through the create call,`,
      `then puts ${VERSIONS.toLocaleString('en-US')} versions of it straight into \`record_versions\` (one transaction): a headline and`,
      `${PARAGRAPHS} paragraphs of rich text (about 50 KB), each version rewording one paragraph, two people`,
      `alternating an hour apart. Load: \`GET ${LIST_PATH}\` (the newest 50, keyset paging on the`,
      `table's primary key) with the session cookie and \`Device: bench\`. Baseline: bare Koa 3 answering the`,
      `same path with the kernel's own first page; the two answers are checked to be the same bytes. Two`,
      `autocannon plans, each a warm-up of both then rounds alternating baseline, kernel: ${p.loaded.connections}`,
      `connections (${p.loaded.rounds} rounds of ${p.loaded.roundSeconds} s) and one connection (${p.single.rounds} rounds of ${p.single.roundSeconds} s), whose p50 the target is`,
      `about; medians. Difference: \`GET ${DIFF_PATH}\` (one paragraph reworded, the rich text read as text and`,
      `compared word by word), one request at a time on a new connection each, median of ${quick ? 5 : 21}; the note`,
      `gives the first version against the page now (every paragraph reworded).`,
    ].join('\n')
  },
  async run(context) {
    const p = pageRoundPlans(context.quick)
    const times = context.quick ? 5 : 21
    return withManagerSite(
      context,
      { label: 'record-history', what: 'records', settings: { PLUGINS }, manager: MANAGER },
      async (site) => {
        const { kernel, headers, dataDir } = site
        const made = await request(kernel.port, '/query/data/create', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ type: 'webpage', id: PAGE_ID, headline: 'History', content: '' }),
        })
        if (made.status !== 200) throw new Error(`the page was not created: ${made.body}`)
        context.log(`record-history: inserting ${VERSIONS.toLocaleString('en-US')} versions`)
        const bodyBytes = insertVersions(sqliteFile(dataDir), Date.now())

        const first = await firstPage(site, LIST_PATH)
        const page = JSON.parse(first.body) as { list: Array<{ number: number }>; next: number }
        if (page.list.length !== 50 || page.list[0]?.number !== VERSIONS || page.next !== 951)
          throw new Error('the first page is not the newest 50 versions with the next number')

        const diff = await request(kernel.port, DIFF_PATH, { headers })
        const fields = (
          JSON.parse(diff.body) as { fields?: Array<{ field: string; parts?: unknown[] }> }
        ).fields
        if (
          diff.status !== 200 ||
          fields?.map((each) => each.field).join() !== 'headline,content' ||
          !fields[1]?.parts
        )
          throw new Error(
            `the difference is not the headline and the content word by word: ${diff.body.slice(0, 300)}`,
          )

        const baseline = await measureAgainstBarePage(context, site, p, first)
        context.log(`record-history: ${times} differences of neighbouring versions`)
        const diffMs = await timedMedian(kernel.port, DIFF_PATH, headers, times)
        const farMs = await timedMedian(kernel.port, FAR_DIFF_PATH, headers, times)
        const ms = (value: number) => ({ value, unit: 'ms' as const })
        return {
          rows: [
            ...baseline.rows,
            {
              metric: 'difference of two neighbouring versions, one at a time: p50',
              shopwright: ms(diffMs),
            },
          ],
          targets: [
            {
              goal: `The history's first page (50 versions) of a record with ${VERSIONS.toLocaleString('en-US')} versions: p50 under ${HISTORY_LIST_P50_TARGET_MS} ms`,
              measured: baseline.measured,
              pass: baseline.singleP50 < HISTORY_LIST_P50_TARGET_MS,
            },
            {
              goal: `The difference of two versions of a 50 KB page: under ${HISTORY_DIFF_TARGET_MS} ms`,
              measured: `${formatMeasure(ms(diffMs))} (median of ${times})`,
              pass: diffMs < HISTORY_DIFF_TARGET_MS,
            },
          ],
          notes: [
            `Each version's body is ${bodyBytes.toLocaleString('en-US')} bytes; the first page is ${Buffer.byteLength(first.body).toLocaleString('en-US')} bytes. The first version against the page now (all ${PARAGRAPHS} paragraphs reworded): ${formatMeasure(ms(farMs))}, median of ${times}.`,
          ],
          kernelRequests: baseline.kernelRequests,
          baselineRequests: baseline.baselineRequests,
          raw: {
            plan: p,
            versions: VERSIONS,
            bodyBytes,
            loaded: baseline.loaded,
            single: baseline.single,
            diffMs,
            farMs,
          },
        }
      },
    )
  },
}
