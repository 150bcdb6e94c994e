import http from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { ResultRow, Scenario } from '../scenario.js'
import { HOST } from '../http-probe.js'
import { ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { alternatingRounds, loadRows, medianOf, roundRatios } from '../rounds.js'
import { signIn, TABLE_RECORDS } from '../record-table.js'
import { recordLoadPlan } from './record-get.js'
import { comparedRow } from '../result-row.js'
import { withTableKernel } from '../table-kernel.js'

/** The ceiling for the compressed answer's bytes on the wire over the uncompressed one's. */
export const COMPRESSED_BYTES_TARGET = 0.3
/** The floor for requests/s with compression over requests/s without, same run. */
export const COMPRESSED_THROUGHPUT_TARGET = 0.8
const PAGE_SIZE = 100
const LIST_PATH = `/query/data/list/webpage?pagesize=${PAGE_SIZE}`
/** What a browser sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br'
/** What the target names. */
const ENCODINGS = 'gzip, br'

/** One answer as it crossed the socket: its bytes (status line and headers included), decoded body. */
interface WireAnswer {
  status: number
  encoding: string | undefined
  /** Bytes the client read from the socket for the whole answer. */
  wireBytes: number
  /** The body as sent (compressed when encoded). */
  bodyBytes: number
  /** The body decoded, as text. */
  text: string
}

/** One GET on a connection of its own, its body left encoded, then decoded here to be checked. */
function wireGet(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(
      { host: HOST, port, path: urlPath, headers, agent: false, timeout: 10_000 },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          const encoding = response.headers['content-encoding']
          try {
            const decoded =
              encoding === 'gzip'
                ? gunzipSync(body)
                : encoding === 'br'
                  ? brotliDecompressSync(body)
                  : body
            resolve({
              status: response.statusCode ?? 0,
              encoding,
              wireBytes: response.socket.bytesRead,
              bodyBytes: body.length,
              text: decoded.toString('utf8'),
            })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error(`GET ${urlPath} timed out`)))
    outgoing.on('error', reject)
  })
}

const kb = (bytes: number) => ({ value: bytes / 1024, unit: 'KB' as const })

/**
 * `GET /query/data/list/webpage?pagesize=100` as a signed-in administrator on the 100,000-record
 * table, with `Accept-Encoding: gzip, br` against the same call without it, on the same kernel.
 */
export const compressedList: Scenario = {
  name: 'compressed-list',
  title: 'Compressed /query/data/list of 100 records: Accept-Encoding gzip, br vs none',
  method(quick) {
    const p = recordLoadPlan(quick)
    return [
      `The record table of the record-get scenario (${TABLE_RECORDS.toLocaleString('en-US')} \`webpage\` records, same DATA_DIR) and one`,
      `kernel (default settings: compression is always on). \`GET ${LIST_PATH}\` as the signed-in`,
      `administrator, with \`Accept-Encoding: ${ENCODINGS}\` (Shopwright column) and without the header (baseline`,
      `column). Bytes on the wire: one request each on a fresh connection, the bytes the client read from`,
      `the socket for the whole answer (status line and headers included); each compressed answer is`,
      `decoded and must equal the uncompressed one. Also measured alone: \`gzip\`, \`br\`, and a browser's`,
      `\`${BROWSER_ENCODINGS}\`. Load: ${p.connections} connections, pipelining 1; after a ${p.warmupSeconds} s warm-up of each,`,
      `${p.rounds} rounds of ${p.roundSeconds} s alternate none, compressed, ...; medians; the ratio is compressed`,
      `requests/s over uncompressed requests/s. autocannon does not decode the bodies.`,
    ].join('\n')
  },
  async run(context) {
    const p = recordLoadPlan(context.quick)
    return withTableKernel(context, 'compressed-list', async ({ kernel, table }) => {
      const headers = await signIn(kernel.port)
      const compressedHeaders = { ...headers, 'Accept-Encoding': ENCODINGS }

      const plain = await wireGet(kernel.port, LIST_PATH, headers)
      if (plain.status !== 200 || plain.encoding !== undefined)
        throw new Error(
          `the uncompressed list answers ${plain.status} (${plain.encoding ?? 'identity'}): ${plain.text.slice(0, 300)}`,
        )
      const listLength = (JSON.parse(plain.text) as { list: unknown[] }).list.length
      if (listLength !== PAGE_SIZE)
        throw new Error(`the list holds ${listLength} records, not ${PAGE_SIZE}`)
      const variants: Array<{ accept: string; answer: WireAnswer }> = []
      for (const accept of [ENCODINGS, 'gzip', 'br', BROWSER_ENCODINGS]) {
        const answer = await wireGet(kernel.port, LIST_PATH, {
          ...headers,
          'Accept-Encoding': accept,
        })
        if (answer.status !== 200 || answer.encoding === undefined)
          throw new Error(
            `Accept-Encoding: ${accept} answers ${answer.status} without a Content-Encoding`,
          )
        // The same JSON once decoded, or the comparison means nothing.
        if (answer.text !== plain.text)
          throw new Error(
            `Accept-Encoding: ${accept} (${answer.encoding}) decodes to another answer`,
          )
        variants.push({ accept, answer })
      }
      const chosen = variants[0]!.answer
      const bytesRatio = ratio(chosen.wireBytes, plain.wireBytes)

      const { pairs, requests } = await alternatingRounds(
        context,
        'compressed-list',
        p,
        { server: kernel, path: LIST_PATH, headers },
        { server: kernel, path: LIST_PATH, headers: compressedHeaders },
      )
      const compressedRps = medianOf(pairs, 'kernel', 'requestsPerSecond')
      const plainRps = medianOf(pairs, 'baseline', 'requestsPerSecond')
      const rpsRatio = ratio(compressedRps, plainRps)
      const perRound = roundRatios(pairs)

      const byteRows: ResultRow[] = variants.map(({ accept, answer }) =>
        comparedRow(
          `bytes on the wire per answer, Accept-Encoding: ${accept} (answered ${answer.encoding ?? 'identity'})`,
          kb(answer.wireBytes),
          kb(plain.wireBytes),
        ),
      )
      return {
        rows: [...byteRows, ...loadRows(pairs, { prefix: `${ENCODINGS} vs none: ` })],
        targets: [
          {
            goal: `A page of 100 records with Accept-Encoding: ${ENCODINGS}: under 30% of the uncompressed bytes on the wire`,
            measured: `${formatRatio(bytesRatio)} (${formatMeasure(kb(chosen.wireBytes))} ${chosen.encoding ?? ''} vs ${formatMeasure(kb(plain.wireBytes))})`,
            pass: bytesRatio < COMPRESSED_BYTES_TARGET,
          },
          {
            goal: `The same page at 50 connections with compression: at least 80% of the uncompressed requests/s in the same run`,
            measured: `${formatRatio(rpsRatio)} (${formatMeasure({ value: compressedRps, unit: 'req/s' })} vs ${formatMeasure({ value: plainRps, unit: 'req/s' })})`,
            pass: rpsRatio >= COMPRESSED_THROUGHPUT_TARGET,
          },
        ],
        notes: [
          `Requests/s ratio per round: ${perRound.map(formatRatio).join(', ')}. Bodies: uncompressed ${plain.bodyBytes.toLocaleString('en-US')} bytes; ${variants.map(({ accept, answer }) => `${accept} → ${answer.encoding ?? 'identity'} ${answer.bodyBytes.toLocaleString('en-US')} bytes`).join('; ')}.`,
        ],
        kernelRequests: requests.kernel + requests.baseline,
        raw: {
          plan: p,
          requests,
          records: table.records,
          plain: { wireBytes: plain.wireBytes, bodyBytes: plain.bodyBytes },
          variants: variants.map(({ accept, answer }) => ({
            accept,
            encoding: answer.encoding,
            wireBytes: answer.wireBytes,
            bodyBytes: answer.bodyBytes,
          })),
          bytesRatio,
          rounds: pairs.map((pair, n) => ({ ...pair, ratio: perRound[n] })),
          ratio: rpsRatio,
        },
      }
    })
  },
}
