/**
 * Whether a drill lost an acknowledged write of its load (mixed-load.ts): each is looked for
 * through both app nodes and in the database of every Galera node still up.
 */
import { explain } from './answers.js'
import { clientFor, fetchBytes } from './clients.js'
import { jsonOf, rowsOn } from './galera-reads.js'
import { sha256 } from './hashes.js'
import type { Client, Cluster } from './harness/index.js'
import type { MixedLoad, Targets } from './mixed-load.js'

interface ListedRecord {
  id: string
  name?: string
  notes?: string[]
}

/** Every record of a type as one node answers it (`/query/data/list`, page by page). */
async function listAll(client: Client, type: string): Promise<Map<string, ListedRecord>> {
  const found = new Map<string, ListedRecord>()
  let nextpage: string | null = null
  do {
    const query: string = nextpage ? `&nextpage=${encodeURIComponent(nextpage)}` : ''
    const answer = await client.get(
      `/query/data/list/${type}?pagesize=1000&fields=name,notes${query}`,
    )
    if (answer.status !== 200) throw new Error(`listing ${type}: ${explain(answer)}`)
    const page = answer.json<{ list: ListedRecord[]; nextpage: string | null }>()
    for (const record of page.list) found.set(record.id, record)
    nextpage = page.nextpage
  } while (nextpage)
  return found
}

/** What the records say of the acknowledged creates and appends: one line per one missing. */
function missingRecords(
  load: MixedLoad,
  where: string,
  records: Map<string, { name?: string; notes?: string[] }>,
): string[] {
  const missing: string[] = []
  for (const [id, name] of load.created) {
    const record = records.get(id)
    if (!record) missing.push(`${where}: created record ${id} (${name}) is missing`)
    else if (record.name !== name)
      missing.push(`${where}: record ${id} has name ${String(record.name)}, not ${name}`)
  }
  for (const { id, value } of load.notes) {
    const notes = records.get(id)?.notes ?? []
    if (!notes.includes(value)) missing.push(`${where}: record ${id} lacks its note ${value}`)
  }
  return missing
}

/**
 * Every write the load had acknowledged, looked for through both app nodes (pinned) and in the
 * database of each Galera node in `galera`: the created records with their names, the appended
 * notes, the cart's units (at least the acknowledged adds, at most the adds sent), the uploaded
 * files (byte-identical downloads, and their rows). Answers one line per write not found.
 */
export async function lostWrites(
  cluster: Cluster,
  load: MixedLoad,
  targets: Targets,
  clients: { staff: Client; shopper: Client },
  galera: readonly number[],
): Promise<string[]> {
  const lost: string[] = []
  const { type, item } = targets
  const { acknowledged: added, sent } = load.cart
  for (const pin of [0, 1]) {
    const staff = clientFor(cluster.proxyUrl, { pin, timeoutMs: 60_000 }, clients.staff)
    lost.push(...missingRecords(load, `node ${pin}`, await listAll(staff, type)))

    const shopper = clientFor(cluster.proxyUrl, { pin, timeoutMs: 60_000 }, clients.shopper)
    const cart = await shopper.get('/query/cart/get')
    if (cart.status !== 200) lost.push(`node ${pin}: the cart answered ${explain(cart)}`)
    else {
      const units =
        cart
          .json<{ lines: Array<{ item: string; quantity: number }> }>()
          .lines.find((line) => line.item === item)?.quantity ?? 0
      if (units < added || units > sent)
        lost.push(
          `node ${pin}: the cart holds ${units} of ${item}: ${added} adds acknowledged, ${sent} sent`,
        )
    }

    for (const upload of load.uploads) {
      const download = await fetchBytes(staff, `/query/drive/download/${upload.path}`, {
        timeoutMs: 60_000,
      })
      if (download.status !== 200 || download.cut)
        lost.push(
          `node ${pin}: ${upload.path} answered ${download.status} ${download.error ?? download.bytes.toString('utf8', 0, 200)}`,
        )
      else if (sha256(download.bytes) !== upload.sha256)
        lost.push(`node ${pin}: ${upload.path} downloads other bytes than were uploaded`)
    }
  }

  for (const index of galera) {
    const where = `Galera node ${index}`
    const rows = await rowsOn<{ id: string; body: unknown }>(
      cluster,
      index,
      'SELECT id, body FROM records WHERE type = ? AND binned_at IS NULL',
      [type],
    )
    lost.push(
      ...missingRecords(
        load,
        where,
        new Map(rows.map((row) => [row.id, jsonOf<{ name?: string; notes?: string[] }>(row.body)])),
      ),
    )
    const [line] = await rowsOn<{ quantity: number }>(
      cluster,
      index,
      'SELECT SUM(quantity) AS quantity FROM commerce_cart_lines WHERE item = ?',
      [item],
    )
    const units = Number(line?.quantity ?? 0)
    if (units < added || units > sent)
      lost.push(
        `${where}: the cart lines hold ${units} of ${item}: ${added} adds acknowledged, ${sent} sent`,
      )
    if (load.uploads.length > 0) {
      const entries = await rowsOn<{ path: string; hash: string | null }>(
        cluster,
        index,
        `SELECT path, hash FROM drive_entries WHERE bin_id = '' AND path IN (${load.uploads.map(() => '?').join(',')})`,
        load.uploads.map((upload) => upload.path),
      )
      const hashes = new Map(entries.map((entry) => [entry.path, entry.hash]))
      for (const upload of load.uploads)
        if (hashes.get(upload.path) !== upload.sha256)
          lost.push(
            `${where}: drive_entries has ${String(hashes.get(upload.path))} for ${upload.path}`,
          )
    }
  }
  return lost
}
