import path from 'node:path'
import Database from 'better-sqlite3'
import Papa from 'papaparse'
import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import type { RunningServer } from '../servers.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { startAsAdministrator } from '../record-table.js'
import { comparedRow } from '../result-row.js'

/** The figure: a 5,000-phrase, 2-language CSV imported into a set and saved. */
export const TRANSLATION_IMPORT_TARGET_MS = 2_000
const PHRASES = 5_000

/** The file: `Phrase`, `en-us`, `fr`, every value quoted, CRLF lines (as the export writes it). */
function buildCsv(round: number): string {
  const lines = ['"Phrase","en-us","fr"']
  for (let index = 0; index < PHRASES; index++) {
    const phrase = `Round ${round} phrase ${index}: add the item to your cart`
    lines.push(
      `"${phrase}","${phrase}","Tour ${round} phrase ${index} : ajoutez l'article au panier"`,
    )
  }
  return lines.join('\r\n') + '\r\n'
}

/**
 * The baseline: the least an import can do, in the bench process. Parse the same file with the
 * same CSV library, build the entries and write the set's body as one row of a fresh SQLite table.
 */
function baselineImport(file: string, csv: string, round: number): number {
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    db.exec('CREATE TABLE IF NOT EXISTS sets (id TEXT PRIMARY KEY, body TEXT NOT NULL)')
    const begun = performance.now()
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data.slice(1)
    const entries = rows.map(([phrase, en, fr], index) => ({
      id: index.toString(36),
      phrase: phrase!.trim(),
      translations: { 'en-us': en, fr },
    }))
    db.prepare('INSERT INTO sets (id, body) VALUES (?, ?)').run(
      `round${round}`,
      JSON.stringify({ languages: ['en-us', 'fr'], entries }),
    )
    return performance.now() - begun
  } finally {
    db.close()
  }
}

/** Imports measured: fewer in a --quick smoke run. */
const roundsOf = (quick: boolean): number => (quick ? 2 : 5)

/**
 * `POST /query/translation/import/{set}` of a 5,000-phrase, 2-language CSV into a new empty set, on
 * a fresh kernel on SQLite: wall time per import, against the bare parse-and-write baseline.
 */
export const translationImport: Scenario = {
  name: 'translation-import',
  title: 'Translation CSV import: 5,000 phrases in two languages',
  method(quick) {
    return [
      `A fresh kernel (empty DATA_DIR, default plugins, SQLite) with an administrator added by \`shopwright`,
      `user add\`. Each of ${roundsOf(quick)} rounds creates an empty translation set (\`POST /query/data/create\`,`,
      `languages en-us and fr) and posts a CSV of ${PHRASES.toLocaleString('en-US')} new phrases (\`"Phrase","en-us","fr"\`, every value`,
      `quoted, CRLF, about 560 KB) to \`POST /query/translation/import/<set>\` as \`text/csv\`; measured: wall`,
      `time from sending the file to the end of the answer, which must report ${PHRASES.toLocaleString('en-US')} phrases added.`,
      `The import parses the file (papaparse), matches the columns, merges the rows into the set and`,
      `saves it through the records plugin (validation, version check, log, cache clear).`,
      `Baseline, in the bench process: the same file parsed by the same library, the entries built and`,
      `the set written as one row of a fresh SQLite table. Figures are medians of the rounds.`,
    ].join('\n')
  },
  async run(context) {
    const rounds = roundsOf(context.quick)
    const dir = await context.tempDir('translation-import-')
    const dataDir = path.join(dir, 'data')
    const wall: number[] = []
    const baseline: number[] = []
    let kernel: RunningServer | undefined
    try {
      context.log('translation-import: starting a fresh kernel')
      const started = await startAsAdministrator(context, dir, dataDir)
      kernel = started.kernel
      const { headers } = started
      for (let round = 1; round <= rounds; round++) {
        const csv = buildCsv(round)
        const created = await request(kernel.port, '/query/data/create', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            type: 'translation',
            id: `bench${round}`,
            name: `Bench ${round}`,
            languages: ['en-us', 'fr'],
            entries: [],
          }),
        })
        if (created.status !== 200)
          throw new Error(
            `creating the set answered ${created.status}: ${created.body.slice(0, 300)}`,
          )
        const begun = performance.now()
        const answer = await request(kernel.port, `/query/translation/import/bench${round}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'text/csv' },
          body: csv,
          timeoutMs: 60_000,
        })
        wall.push(performance.now() - begun)
        if (answer.status !== 200)
          throw new Error(`the import answered ${answer.status}: ${answer.body.slice(0, 300)}`)
        const added = (JSON.parse(answer.body) as { added?: number }).added
        if (added !== PHRASES) throw new Error(`the import added ${added} phrases, not ${PHRASES}`)
        baseline.push(baselineImport(path.join(dir, 'baseline.sqlite'), csv, round))
      }
    } finally {
      if (kernel) await context.children.stop(kernel.child, 10_000)
    }
    const wallMs = median(wall)
    const baselineMs = median(baseline)
    const ms = (value: number) => ({ value, unit: 'ms' as const })
    return {
      rows: [
        comparedRow(
          `import ${PHRASES.toLocaleString('en-US')} phrases x 2 languages and save, wall time (median)`,
          ms(wallMs),
          ms(baselineMs),
        ),
        { metric: 'slowest round', shopwright: ms(Math.max(...wall)) },
      ],
      targets: [
        {
          goal: 'Import of a 5,000-phrase, 2-language CSV into a set and save: under 2 s on SQLite',
          measured: `median ${formatMeasure(ms(wallMs))}, slowest ${formatMeasure(ms(Math.max(...wall)))} (bare parse and write ${formatMeasure(ms(baselineMs))}, ratio ${formatRatio(ratio(wallMs, baselineMs))})`,
          pass: Math.max(...wall) < TRANSLATION_IMPORT_TARGET_MS,
        },
      ],
      notes: [`Rounds (ms): ${wall.map((each) => each.toFixed(0)).join(', ')}.`],
      raw: { phrases: PHRASES, rounds, wall, baseline },
    }
  },
}
