import type { Scenario } from '../scenario.js'
import { callJson } from '../http-probe.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import {
  DRIVE_PLUGINS,
  smallFileBody,
  smallFileSize,
  timedGet,
  zipProblems,
  type TimedGet,
  withDriveSite,
} from '../drive-site.js'
import { comparedRow } from '../result-row.js'

/** The ceiling for the median time to the first byte of the zip, in ms. */
export const DRIVE_ZIP_TTFB_TARGET_MS = 200
const FILES = 1_000
const FOLDER_NAME = 'zip1000'
const FOLDER = `private/${FOLDER_NAME}`
const ZIP_PATH = `/query/drive/download/${FOLDER}`
/** Uploads in flight while the folder is filled. */
const UPLOADS_IN_FLIGHT = 4

function planOf(quick: boolean): { rounds: number } {
  return quick ? { rounds: 3 } : { rounds: 9 }
}

const fileName = (n: number): string => `file-${String(n).padStart(4, '0')}.txt`
const loadPath = (n: number): string => `/query/drive/load/${FOLDER}/${fileName(n)}`

/** Runs `task(1..count)` with at most `width` at a time. */
async function pool(
  count: number,
  width: number,
  task: (n: number) => Promise<void>,
): Promise<void> {
  let next = 1
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next <= count) await task(next++)
    }),
  )
}

/**
 * `GET /query/drive/download/private/zip1000` (a streamed zip of 1,000 files of 1-4 KB): time to
 * the first byte and to the last, against the first byte of `GET /query/drive/load/...` of one of
 * those files.
 */
export const driveZip: Scenario = {
  name: 'drive-zip',
  title: 'Drive zip: GET /query/drive/download of a folder of 1,000 small files',
  method(quick) {
    const p = planOf(quick)
    return [
      `A kernel with the drive (\`PLUGINS=${DRIVE_PLUGINS}\`, local store, SQLite) on a fresh DATA_DIR, signed in as`,
      `a manager (role \`allmanagers\`). The folder \`${FOLDER}\` is made through the API and filled with`,
      `${FILES.toLocaleString('en-US')} text files of 1-4 KB (sizes spread evenly, ${(FILES / 1000) * 2.5} MB in all) by \`POST /query/drive/upload/...\`, raw bodies,`,
      `${UPLOADS_IN_FLIGHT} at a time (\`DRIVE_WRITE_LIMIT\` raised for it). Measured: \`GET ${ZIP_PATH}\` (one zip, stored`,
      `entries, streamed) on a new connection: the time to the status line, to the first byte of the`,
      `body, and to the last byte. The first zip is unpacked with fflate and must hold every file with`,
      `its size. Baseline: the first body byte of \`GET /query/drive/load/${FOLDER}/<file>\` (one 1-4 KB file, a`,
      `different one each round), which passes the same session and rights checks. After one unmeasured`,
      `pair, ${p.rounds} rounds alternate load, zip; medians; ratio = zip / load.`,
    ].join('\n')
  },
  async run(context) {
    const p = planOf(context.quick)
    return withDriveSite(
      context,
      { label: 'drive-zip', settings: { DRIVE_WRITE_LIMIT: '100000' }, graceMs: 10_000 },
      async (site) => {
        const { kernel, headers } = site
        await callJson(kernel.port, 'POST', `/query/drive/create/${FOLDER}`, headers)
        context.log(`drive-zip: uploading ${FILES} files`)
        const expected = new Map<string, number>()
        const begun = performance.now()
        await pool(FILES, UPLOADS_IN_FLIGHT, async (n) => {
          const size = smallFileSize(n)
          const file = await callJson<{ size: number }>(
            kernel.port,
            'POST',
            `/query/drive/upload/${FOLDER}/${fileName(n)}`,
            headers,
            smallFileBody(n, size),
          )
          if (file.size !== size) throw new Error(`${fileName(n)} stored ${file.size} bytes`)
          expected.set(`${FOLDER_NAME}/${fileName(n)}`, size)
        })
        const fillMs = performance.now() - begun
        const totalBytes = [...expected.values()].reduce((sum, size) => sum + size, 0)

        const checked = (label: string, answer: TimedGet, type: string): TimedGet => {
          if (answer.status !== 200 || !String(answer.headers['content-type']).startsWith(type))
            throw new Error(`${label} answered ${answer.status} ${answer.headers['content-type']}`)
          return answer
        }
        // One unmeasured pair: the first zip and load compile their code paths.
        checked('load', await timedGet(kernel.port, loadPath(FILES), headers), 'text/plain')
        const first = checked(
          'zip',
          await timedGet(kernel.port, ZIP_PATH, headers, true),
          'application/zip',
        )
        const problems = zipProblems(first.body!, expected)
        if (problems.length)
          throw new Error(`the zip is not the folder: ${problems.slice(0, 5).join('; ')}`)

        const loads: TimedGet[] = []
        const zips: TimedGet[] = []
        for (let round = 1; round <= p.rounds; round++) {
          context.log(`drive-zip: round ${round}/${p.rounds}`)
          loads.push(
            checked('load', await timedGet(kernel.port, loadPath(round), headers), 'text/plain'),
          )
          zips.push(
            checked('zip', await timedGet(kernel.port, ZIP_PATH, headers), 'application/zip'),
          )
        }
        const mid = (runs: TimedGet[], field: 'headersMs' | 'firstByteMs' | 'totalMs'): number =>
          median(runs.map((run) => run[field]))
        const zipFirst = mid(zips, 'firstByteMs')
        const loadFirst = mid(loads, 'firstByteMs')
        const ms = (value: number) => ({ value, unit: 'ms' as const })
        const kb = (value: number) => ({ value: value / 1024, unit: 'KB' as const })
        return {
          rows: [
            comparedRow('time to first byte of the body (median)', ms(zipFirst), ms(loadFirst)),
            comparedRow(
              'time to the status line (median)',
              ms(mid(zips, 'headersMs')),
              ms(mid(loads, 'headersMs')),
            ),
            comparedRow(
              'time to the last byte (median)',
              ms(mid(zips, 'totalMs')),
              ms(mid(loads, 'totalMs')),
            ),
            {
              metric: 'answer size',
              shopwright: kb(first.bytes),
              baseline: kb(loads[0]?.bytes ?? 0),
            },
          ],
          targets: [
            {
              goal: `Download a folder of ${FILES.toLocaleString('en-US')} small files as one streamed zip: first byte within ${DRIVE_ZIP_TTFB_TARGET_MS} ms (median)`,
              measured: `${formatMeasure(ms(zipFirst))} (one file's load ${formatMeasure(ms(loadFirst))}, ratio ${formatRatio(ratio(zipFirst, loadFirst))}); the whole zip ${formatMeasure(ms(mid(zips, 'totalMs')))}`,
              pass: zipFirst < DRIVE_ZIP_TTFB_TARGET_MS,
            },
          ],
          notes: [
            `The folder: ${FILES.toLocaleString('en-US')} files, ${(totalBytes / 1024 / 1024).toFixed(2)} MB, uploaded in ${(fillMs / 1000).toFixed(1)} s (${UPLOADS_IN_FLIGHT} at a time). Zip first byte per round: ${zips.map((z) => formatMeasure(ms(z.firstByteMs))).join(', ')}; whole zip: ${zips.map((z) => formatMeasure(ms(z.totalMs))).join(', ')}.`,
          ],
          raw: {
            plan: p,
            files: FILES,
            totalBytes,
            fillMs,
            zipBytes: first.bytes,
            zips: zips.map(({ headersMs, firstByteMs, totalMs, bytes }) => ({
              headersMs,
              firstByteMs,
              totalMs,
              bytes,
            })),
            loads: loads.map(({ headersMs, firstByteMs, totalMs, bytes }) => ({
              headersMs,
              firstByteMs,
              totalMs,
              bytes,
            })),
          },
        }
      },
    )
  },
}
