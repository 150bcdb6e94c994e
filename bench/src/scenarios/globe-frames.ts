import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import type { ResultRow, Scenario } from '../scenario.js'
import { launchChromium } from '../admin-browser.js'
import { median, percentile } from '../stats.js'
import { formatMeasure } from '../format.js'

/** The issue's figures: a frame while rotating at zoom 14 with every layer, and the layers' weight. */
export const GLOBE_FRAME_TARGET_MS = 16
export const GLOBE_LAYERS_TARGET_MB = 3

/** The routes dragged: the target's (zoom 14, two places) and two low zooms for the notes. */
const ROUTES = [
  { name: 'zoom 14, Paris', longitude: 2.35, latitude: 48.86, zoom: 14, target: true },
  { name: 'zoom 14, New York', longitude: -74, latitude: 40.7, zoom: 14, target: true },
  { name: 'zoom 3, Europe', longitude: 10, latitude: 45, zoom: 3, target: false },
  { name: 'zoom 1, Europe', longitude: 10, latitude: 45, zoom: 1, target: false },
] as const

const WIDTH = 400
const HEIGHT = 300
const WARM_UP_FRAMES = 10

/**
 * The page: the Globe of @shopwright/admin-ui/globe at the size and view of the address, with the
 * default loader (fetch from layerUrl) and worker; each loaded event is kept in `__globe.loaded`.
 * Compiled by esbuild with the admin's React.
 */
const PAGE_ENTRY = `
import { createRoot } from 'react-dom/client'
import { Globe } from './index.ts'
const query = new URLSearchParams(location.search)
const loaded = []
globalThis.__globe = { loaded }
createRoot(document.getElementById('root')).render(
  <Globe
    width={${WIDTH}}
    height={${HEIGHT}}
    centre={{ longitude: Number(query.get('lon')), latitude: Number(query.get('lat')) }}
    zoom={Number(query.get('zoom'))}
    locations={[
      { longitude: 2.35, latitude: 48.86, count: 12, city: 'Paris', region: 'Île-de-France', country: 'France', style: 'Primary' },
      { longitude: -74, latitude: 40.7, count: 3, city: 'New York', region: 'New York', country: 'United States', style: 'Secondary' },
    ]}
    onLayerLoad={(id) => loaded.push(id)}
  />,
)
`

const HTML = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/globe.css"></head>
<body style="margin:0"><div id="root"></div><script type="module" src="/globe.js"></script></body></html>`

/** The few page globals the measuring code reads (the bench is compiled without the DOM types). */
interface PageGlobals {
  __globe: { loaded: string[] }
  requestAnimationFrame(callback: () => void): number
}

async function bundle(root: string, outDir: string): Promise<void> {
  // esbuild comes with the workspace's tsup and vite; the bench only needs it here. Imported by a
  // name in a variable so tsup leaves it to node instead of bundling it into the bench.
  const name = 'esbuild'
  const esbuild = (await import(name)) as typeof import('esbuild')
  const globeDir = path.join(root, 'admin-ui/src/globe')
  const common = {
    bundle: true,
    format: 'esm' as const,
    target: 'es2022',
    minify: true,
    jsx: 'automatic' as const,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning' as const,
  }
  await esbuild.build({
    ...common,
    stdin: { contents: PAGE_ENTRY, resolveDir: globeDir, loader: 'tsx', sourcefile: 'page.tsx' },
    outfile: path.join(outDir, 'globe.js'),
  })
  // The globe starts its worker from new URL('./layer-worker.ts', import.meta.url): next to globe.js.
  await esbuild.build({
    ...common,
    entryPoints: [path.join(globeDir, 'layer-worker.ts')],
    outfile: path.join(outDir, 'layer-worker.js'),
  })
}

/** Serves the page and the layer files under the drive's URL layout. */
function serve(outDir: string, layersDir: string): Promise<http.Server> {
  const files: Record<string, [string, string]> = {
    '/': [path.join(outDir, 'index.html'), 'text/html'],
    '/globe.js': [path.join(outDir, 'globe.js'), 'text/javascript'],
    '/globe.css': [path.join(outDir, 'globe.css'), 'text/css'],
    '/layer-worker.ts': [path.join(outDir, 'layer-worker.js'), 'text/javascript'],
  }
  fs.writeFileSync(path.join(outDir, 'index.html'), HTML)
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname
    const layer = /^\/query\/drive\/load\/public\/earth\/(earth_[a-z]+\.json)$/.exec(pathname)
    const [file, type] = layer
      ? [path.join(layersDir, layer[1]!), 'application/json']
      : (files[pathname] ?? ['', ''])
    if (!file || !fs.existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': type })
    fs.createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const nextFrame = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const { requestAnimationFrame: raf } = globalThis as unknown as PageGlobals
        raf(() => raf(() => resolve()))
      }),
  )

interface RouteFigures {
  name: string
  target: boolean
  frames: number
  median: number
  p95: number
  fullFrame: number
  layersDrawn: number
}

/** One route: open the page, wait for the layers its zoom shows, drag, read the frame measures. */
async function dragRoute(
  page: Page,
  base: string,
  route: (typeof ROUTES)[number],
  frames: number,
  wanted: readonly string[],
): Promise<RouteFigures> {
  await page.goto(`${base}/?lon=${route.longitude}&lat=${route.latitude}&zoom=${route.zoom}`)
  await page.waitForFunction(
    (ids) => ids.every((id) => (globalThis as unknown as PageGlobals).__globe.loaded.includes(id)),
    wanted,
    { timeout: 60_000 },
  )
  await nextFrame(page)
  const fullFrame = await page.evaluate(() => {
    const entries = performance.getEntriesByName('globe-frame', 'measure')
    return entries.at(-1)?.duration ?? NaN
  })
  const box = (await page.locator('canvas').boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  // The pointer moves 6 px right and 2 px up per frame, as the prototype did; it must stay on the
  // canvas, so it runs back to the start every 30 frames (a jump, not counted).
  let measured: Array<{ duration: number; moving: boolean; layers: number }> = []
  for (let frame = 0; frame < WARM_UP_FRAMES + frames; frame++) {
    if (frame === WARM_UP_FRAMES)
      await page.evaluate(() => performance.clearMeasures('globe-frame'))
    const step = frame % 30
    await page.mouse.move(x - 90 + step * 6, y + 30 - step * 2)
    await nextFrame(page)
  }
  measured = await page.evaluate(() =>
    performance.getEntriesByName('globe-frame', 'measure').map((entry) => {
      const { detail } = entry as unknown as { detail: { moving: boolean; layers: number } }
      return { duration: entry.duration, moving: detail.moving, layers: detail.layers }
    }),
  )
  await page.mouse.up()
  const moving = measured.filter((entry) => entry.moving)
  const durations = moving.map((entry) => entry.duration)
  if (durations.length === 0) throw new Error(`globe-frames: no frame measured on ${route.name}`)
  return {
    name: route.name,
    target: route.target,
    frames: durations.length,
    median: median(durations),
    p95: percentile(durations, 95),
    fullFrame,
    layersDrawn: Math.max(...moving.map((entry) => entry.layers)),
  }
}

/** Every shipped layer file, each gzip -9 on its own (as the drive serves them), added up. */
function layerSizes(layersDir: string): { files: number; raw: number; gzip: number } {
  const names = fs.readdirSync(layersDir).filter((name) => /^earth_[a-z]+\.json$/.test(name))
  let raw = 0
  let gzip = 0
  for (const name of names) {
    const bytes = fs.readFileSync(path.join(layersDir, name))
    raw += bytes.length
    gzip += zlib.gzipSync(bytes, { level: 9 }).length
  }
  return { files: names.length, raw, gzip }
}

/** Frames measured per route: fewer in a --quick smoke run. */
const framesOf = (quick: boolean): number => (quick ? 30 : 60)

/**
 * The live globe's redraw time in Chromium while it is dragged, with every layer its zoom shows,
 * and the total weight of the layer files. A browser measurement with no natural baseline: held
 * against the absolute figures.
 */
export const globeFrames: Scenario = {
  name: 'globe-frames',
  title: 'Live globe: frame time while rotating, and the map layers (gzip -9)',
  method(quick) {
    return [
      `The Globe of \`@shopwright/admin-ui/globe\` (${WIDTH} by ${HEIGHT} px) bundled by esbuild into a small page, with its`,
      `layer worker, served by a plain node:http server together with the shipped layer files`,
      `(\`earth/data\`) under the drive's URLs (\`/query/drive/load/public/earth/earth_{layer}.json\`). Headless`,
      `Chromium (Debian's \`/usr/bin/chromium\`, through playwright-core) opens it at each route's centre and zoom`,
      `and waits for the loaded event of every layer that zoom shows (all 12 shipped at zoom 14). Then the mouse`,
      `is held down and moved 6 px right and 2 px up per animation frame: ${WARM_UP_FRAMES} warm-up frames, then ${framesOf(quick)}`,
      `measured. A frame's time is the globe's own \`performance.measure('globe-frame')\` around its draw (the`,
      `JavaScript of projection, culling and canvas calls; rasterising is not included). Figures are the median`,
      `and the 95th percentile (nearest rank) of the frames drawn while moving. Zoom 3 and 1 are in the notes (no`,
      `target: there bathymetry is left out while moving and drawn on release). The layers' weight: each file`,
      `gzip -9 on its own with node:zlib, added up.`,
    ].join('\n')
  },
  async run(context) {
    const frames = framesOf(context.quick)
    const outDir = await context.tempDir('globe-frames-')
    const layersDir = path.join(context.root, 'earth/data')
    context.log('globe-frames: bundling the globe page with esbuild')
    await bundle(context.root, outDir)
    const server = await serve(outDir, layersDir)
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const figures: RouteFigures[] = []
    const browser = await launchChromium()
    try {
      const { EARTH_LAYERS, layerVisible } = await import('@shopwright/earth/decode')
      for (const route of ROUTES) {
        const wanted = EARTH_LAYERS.filter(
          (layer) => layer.shipped && layerVisible(layer, route.zoom),
        ).map((layer) => layer.id)
        const page = await browser.newPage({ viewport: { width: 600, height: 400 } })
        context.log(`globe-frames: ${route.name}, waiting for ${wanted.length} layers`)
        figures.push(await dragRoute(page, base, route, frames, wanted))
        await page.close()
      }
    } finally {
      await browser.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
    const sizes = layerSizes(layersDir)
    const gzipMb = sizes.gzip / 1024 / 1024
    const rows: ResultRow[] = figures.flatMap((route) => [
      {
        metric: `Frame while rotating, ${route.name} (median)`,
        shopwright: { value: route.median, unit: 'ms' },
      },
      {
        metric: `Frame while rotating, ${route.name} (p95)`,
        shopwright: { value: route.p95, unit: 'ms' },
      },
    ])
    rows.push({
      metric: 'Map layer files, gzip -9, all together',
      shopwright: { value: gzipMb, unit: 'MB' },
    })
    const targets = figures
      .filter((route) => route.target)
      .map((route) => ({
        goal: `Globe frame while rotating at zoom 14 with every layer, median under ${GLOBE_FRAME_TARGET_MS} ms (${route.name})`,
        measured: `${formatMeasure({ value: route.median, unit: 'ms' })} median, ${formatMeasure({ value: route.p95, unit: 'ms' })} p95 over ${route.frames} frames, ${route.layersDrawn} layers drawn`,
        pass: route.median < GLOBE_FRAME_TARGET_MS,
      }))
    targets.push({
      goal: `Map layer files under ${GLOBE_LAYERS_TARGET_MB} MB gzip`,
      measured: `${formatMeasure({ value: gzipMb, unit: 'MB' })} gzip (${sizes.gzip.toLocaleString('en-US')} B) for ${sizes.files} files, ${sizes.raw.toLocaleString('en-US')} B raw`,
      pass: gzipMb < GLOBE_LAYERS_TARGET_MB,
    })
    return {
      rows,
      targets,
      notes: figures.map(
        (route) =>
          `${route.name}: ${route.frames} frames while moving, median ${formatMeasure({ value: route.median, unit: 'ms' })}, p95 ${formatMeasure({ value: route.p95, unit: 'ms' })}, ${route.layersDrawn} layers drawn; the full frame at rest before the drag ${formatMeasure({ value: route.fullFrame, unit: 'ms' })}.`,
      ),
      raw: { width: WIDTH, height: HEIGHT, routes: figures, layers: sizes },
    }
  },
}
