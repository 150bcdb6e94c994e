// Draws the sample catalogue's pictures and writes them to data/catalogue/ as WebP, 900 x 1200.
// Run: npm run images -w @shopwright/seeds (the output is committed; nothing runs this at install).
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { RecordData } from '@shopwright/core/shared'
import { CATALOGUE_URL_PREFIX, imageUrls, sampleCatalogue } from '../src/catalogue.js'
import type { Palette } from './art/colour.js'
import { detailView, mainView, sceneView, shelfView, type Subject } from './art/scenes.js'
import { CATEGORY_PALETTES, CATEGORY_SHELVES, ITEM_ART } from './art/subjects.js'

/** WebP quality: flat colours stay clean at 78, and each picture stays near 10 KB. */
const QUALITY = 78
/** A picture above this many bytes is reported: the catalogue should stay small in the repository. */
const LARGE = 30 * 1024

// The script runs bundled from node_modules/.cache, so the folder comes from the working directory,
// which `npm run images -w @shopwright/seeds` sets to the package.
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { name?: string }
if (manifest.name !== '@shopwright/seeds')
  throw new Error(
    'catalogue-images: run it in the seeds package: npm run images -w @shopwright/seeds',
  )
const outDir = path.resolve('data/catalogue')

const records = sampleCatalogue()
const byId = new Map(records.map((record) => [`${record.type}/${record.id}`, record]))

function categoryOf(record: RecordData): string {
  const parent = record.parent as { id: string } | undefined
  const owner = parent ? byId.get(`item/${parent.id}`)! : record
  return (owner.primarycategory as { id: string }).id
}

function subject(stem: string, category: string): Subject {
  const art = ITEM_ART[stem]
  if (!art) throw new Error(`catalogue-images: no drawing for ${stem}`)
  const palette: Palette = { ...CATEGORY_PALETTES[category]!, ...art.colours }
  return { draw: art.draw, palette }
}

/** The SVG of one picture file, from its name and the record that names it. */
function pictureOf(file: string, record: RecordData): string {
  const name = file.replace(/\.webp$/, '')
  if (record.type === 'webcategory') {
    const stems = CATEGORY_SHELVES[record.id]
    if (!stems) throw new Error(`catalogue-images: no shelf for category ${record.id}`)
    const subjects = stems.map((stem) => {
      const item = byId.get(`item/${stem}`)
      return subject(stem, item ? categoryOf(item) : record.id)
    }) as [Subject, Subject, Subject]
    return shelfView(subjects, CATEGORY_PALETTES[record.id]!)
  }
  const match = /^(.+)-([123])$/.exec(name)
  if (!match) throw new Error(`catalogue-images: ${file} is not <subject>-<1|2|3>.webp`)
  const [, stem, view] = match as unknown as [string, string, string]
  const { draw, palette } = subject(stem, categoryOf(record))
  if (view === '1') return mainView(stem, draw, palette)
  if (view === '2') return detailView(draw, palette, ITEM_ART[stem]!.focus ?? [150, 210])
  return sceneView(stem, draw, palette)
}

const wanted = new Map<string, string>()
for (const record of records)
  for (const url of imageUrls(record)) {
    if (!url.startsWith(CATALOGUE_URL_PREFIX))
      throw new Error(`catalogue-images: ${url} is not in the catalogue folder`)
    const file = url.slice(CATALOGUE_URL_PREFIX.length)
    if (!wanted.has(file)) wanted.set(file, pictureOf(file, record))
  }

fs.mkdirSync(outDir, { recursive: true })
for (const file of fs.readdirSync(outDir)) if (!wanted.has(file)) fs.rmSync(path.join(outDir, file))

let total = 0
const large: string[] = []
for (const [file, svg] of wanted) {
  // effort 6 and no metadata: the same drawing gives the same bytes on every run.
  const bytes = await sharp(Buffer.from(svg))
    .webp({ quality: QUALITY, effort: 6 })
    .toBuffer()
    .catch((error: unknown) => {
      throw new Error(`catalogue-images: ${file} did not render`, { cause: error })
    })
  fs.writeFileSync(path.join(outDir, file), bytes)
  total += bytes.length
  if (bytes.length > LARGE) large.push(`${file} (${Math.round(bytes.length / 1024)} KB)`)
}
console.log(
  `catalogue-images: ${wanted.size} pictures, ${Math.round(total / 1024)} KB in ${outDir}`,
)
if (large.length > 0) console.log(`larger than ${LARGE / 1024} KB: ${large.join(', ')}`)
