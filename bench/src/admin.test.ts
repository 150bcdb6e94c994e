import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { strFromU8, unzipSync } from 'fflate'
import { afterEach, describe, expect, it } from 'vitest'
import {
  chunkName,
  entryKey,
  gzipBytes,
  pageScripts,
  parseManifest,
  planChunks,
  readAdminManifest,
  staticClosure,
  sumSizes,
  type Manifest,
} from './admin-manifest.js'
import {
  describeFailures,
  PAGE_WATCH_SCRIPT,
  parseWatch,
  recordRowSelector,
  requestsTo,
  shownMs,
  typeRowSelector,
} from './admin-browser.js'
import { BENCH_TYPE, benchItem, benchItemFiles, benchItemType, benchItemZip } from './admin-site.js'

// Pure helpers of the admin scenarios; nothing here measures or asserts a duration or a size.

/**
 * Shaped like the admin's own manifest: the entry imports a vendor chunk statically (which imports
 * another), lazy panels import the entry back and share chunks, one panel statically imports two
 * others that are also lazy, and a lazy chunk imports one more lazily.
 */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    src: 'index.html',
    name: 'index',
    isEntry: true,
    imports: ['_vendor-B.js'],
    dynamicImports: [
      '../plugins/records/src/admin/List.tsx',
      '../plugins/records/src/admin/Record.tsx',
      '../plugins/records/src/admin/Fixed.tsx',
    ],
    css: ['assets/index-A.css'],
  },
  '_vendor-B.js': {
    file: 'assets/vendor-B.js',
    name: 'vendor',
    imports: ['_util-C.js'],
    css: ['assets/vendor-B.css', 'assets/index-A.css'],
  },
  '_util-C.js': { file: 'assets/util-C.js', name: 'util', imports: ['_vendor-B.js'] },
  '_keys-D.js': { file: 'assets/keys-D.js', name: 'keys', imports: ['index.html'] },
  '../plugins/records/src/admin/List.tsx': {
    file: 'assets/List-E.js',
    src: '../plugins/records/src/admin/List.tsx',
    name: 'List',
    isDynamicEntry: true,
    imports: ['index.html', '_keys-D.js', '_util-C.js'],
  },
  '../plugins/records/src/admin/Record.tsx': {
    file: 'assets/Record-F.js',
    src: '../plugins/records/src/admin/Record.tsx',
    name: 'Record',
    isDynamicEntry: true,
    imports: ['index.html', '_keys-D.js'],
    dynamicImports: ['../plugins/records/src/admin/Editor.tsx'],
  },
  '../plugins/records/src/admin/Fixed.tsx': {
    file: 'assets/Fixed-G.js',
    src: '../plugins/records/src/admin/Fixed.tsx',
    name: 'Fixed',
    isDynamicEntry: true,
    imports: [
      '../plugins/records/src/admin/List.tsx',
      '../plugins/records/src/admin/Record.tsx',
      'index.html',
    ],
  },
  '../plugins/records/src/admin/Editor.tsx': {
    file: 'assets/Editor-H.js',
    src: '../plugins/records/src/admin/Editor.tsx',
    isDynamicEntry: true,
    imports: ['_keys-D.js'],
  },
}

describe('the admin manifest walk', () => {
  it('finds the entry chunk', () => {
    expect(entryKey(MANIFEST)).toBe('index.html')
    expect(() => entryKey({ a: { file: 'a.js' } })).toThrow(/no entry chunk/)
    expect(() =>
      entryKey({ a: { file: 'a.js', isEntry: true }, b: { file: 'b.js', isEntry: true } }),
    ).toThrow(/2 entry chunks/)
    expect(
      entryKey({
        a: { file: 'a.js', isEntry: true },
        'index.html': { file: 'i.js', isEntry: true },
      }),
    ).toBe('index.html')
  })

  it('follows static imports recursively, each chunk once, through cycles', () => {
    expect(staticClosure(MANIFEST, 'index.html')).toEqual([
      'index.html',
      '_vendor-B.js',
      '_util-C.js',
    ])
    expect(staticClosure(MANIFEST, '../plugins/records/src/admin/Fixed.tsx')).toEqual([
      '../plugins/records/src/admin/Fixed.tsx',
      '../plugins/records/src/admin/List.tsx',
      'index.html',
      '_vendor-B.js',
      '_util-C.js',
      '_keys-D.js',
      '../plugins/records/src/admin/Record.tsx',
    ])
  })

  it('splits the initial JavaScript from the lazy chunks and what each one adds', () => {
    const plan = planChunks(MANIFEST)
    expect(plan.entry).toBe('index.html')
    expect(plan.initial).toEqual(['index.html', '_vendor-B.js', '_util-C.js'])
    expect(plan.initialCss).toEqual(['assets/index-A.css', 'assets/vendor-B.css'])
    expect(plan.lazy).toEqual([
      {
        key: '../plugins/records/src/admin/List.tsx',
        loads: ['../plugins/records/src/admin/List.tsx', '_keys-D.js'],
      },
      {
        key: '../plugins/records/src/admin/Record.tsx',
        loads: ['../plugins/records/src/admin/Record.tsx', '_keys-D.js'],
      },
      {
        key: '../plugins/records/src/admin/Fixed.tsx',
        loads: [
          '../plugins/records/src/admin/Fixed.tsx',
          '../plugins/records/src/admin/List.tsx',
          '_keys-D.js',
          '../plugins/records/src/admin/Record.tsx',
        ],
      },
      // Imported lazily by a lazy chunk: still a lazy chunk of the admin.
      {
        key: '../plugins/records/src/admin/Editor.tsx',
        loads: ['../plugins/records/src/admin/Editor.tsx', '_keys-D.js'],
      },
    ])
  })

  it('does not count a lazy target the entry already imports statically', () => {
    const plan = planChunks({
      'index.html': {
        file: 'i.js',
        isEntry: true,
        imports: ['_a.js'],
        dynamicImports: ['_a.js', 'b.tsx'],
      },
      '_a.js': { file: 'a.js' },
      'b.tsx': { file: 'b.js', src: 'b.tsx', isDynamicEntry: true },
    })
    expect(plan.initial).toEqual(['index.html', '_a.js'])
    expect(plan.lazy.map((chunk) => chunk.key)).toEqual(['b.tsx'])
  })

  it('refuses a manifest that names a chunk it does not hold', () => {
    expect(() =>
      planChunks({ 'index.html': { file: 'i.js', isEntry: true, imports: ['_gone.js'] } }),
    ).toThrow(/names "_gone.js" \(from index.html\)/)
    expect(() =>
      planChunks({ 'index.html': { file: 'i.js', isEntry: true, dynamicImports: ['x.tsx'] } }),
    ).toThrow(/names "x.tsx"/)
  })

  it('names chunks by their source file from the monorepo root, shared ones by file', () => {
    expect(chunkName(MANIFEST, '../plugins/records/src/admin/List.tsx')).toBe(
      'plugins/records/src/admin/List.tsx',
    )
    expect(chunkName(MANIFEST, 'index.html')).toBe('admin-ui/index.html')
    expect(chunkName(MANIFEST, '_keys-D.js')).toBe('assets/keys-D.js')
  })

  it('parses a manifest and refuses what is not one', () => {
    expect(parseManifest(JSON.stringify(MANIFEST))).toEqual(MANIFEST)
    expect(() => parseManifest('{', 'm.json')).toThrow(/m.json is not JSON/)
    expect(() => parseManifest('[]')).toThrow(/not a Vite manifest/)
    expect(() => parseManifest('{"a":{"src":"a.ts"}}')).toThrow(/entry "a" has no file/)
  })

  it("reads the scripts a built page loads and preloads, without Vite's base", () => {
    const html = [
      '<script type="module" crossorigin src="/admin/assets/index-A.js"></script>',
      '<link rel="modulepreload" crossorigin href="/admin/assets/vendor-B.js">',
      '<link rel="stylesheet" crossorigin href="/admin/assets/index-A.css">',
    ].join('\n')
    expect(pageScripts(html)).toEqual(['assets/index-A.js', 'assets/vendor-B.js'])
    expect(pageScripts('<p>no scripts</p>')).toEqual([])
  })

  it('gzips at level 9 and adds sizes up', () => {
    const data = Buffer.from('const panel = 1;\n'.repeat(500))
    const size = gzipBytes(data)
    expect(size).toBeLessThan(data.length)
    expect(gzipBytes(data)).toBe(size)
    expect(sumSizes([])).toEqual({ files: [], bytes: 0, gzipBytes: 0 })
    expect(
      sumSizes([
        { file: 'a.js', bytes: 10, gzipBytes: 4 },
        { file: 'b.js', bytes: 5, gzipBytes: 3 },
      ]),
    ).toMatchObject({ bytes: 15, gzipBytes: 7 })
    // The same settings give a gzip stream of that length that inflates back to the file.
    const stream = gzipSync(data, { level: 9 })
    expect(stream.length).toBe(size)
    expect(gunzipSync(stream).equals(data)).toBe(true)
  })
})

describe('reading the built admin', () => {
  const made: string[] = []
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })
  const root = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'))
    made.push(dir)
    return dir
  }

  it('says how to build the admin when it is not built', () => {
    expect(() => readAdminManifest(root())).toThrow(
      /the admin is not built: admin-ui\/dist\/client\/.vite\/manifest.json is missing.*npm run build/,
    )
  })

  it('says the build is incomplete when a file the manifest names is missing', () => {
    const dir = root()
    const client = path.join(dir, 'admin-ui/dist/client')
    fs.mkdirSync(path.join(client, '.vite'), { recursive: true })
    fs.mkdirSync(path.join(client, 'assets'))
    fs.writeFileSync(path.join(client, 'assets/index-A.js'), 'export {}')
    fs.writeFileSync(
      path.join(client, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_v.js'] },
        '_v.js': { file: 'assets/v.js' },
      }),
    )
    expect(() => readAdminManifest(dir)).toThrow(/names assets\/v.js, missing from/)
    fs.writeFileSync(path.join(client, 'assets/v.js'), 'export {}')
    expect(readAdminManifest(dir).clientDir).toBe(client)
  })
})

describe('the admin-list records', () => {
  it('defines a record type with two text fields shown in lists', () => {
    const type = benchItemType() as {
      id: string
      fields: Array<{ id: string; showinlist?: boolean }>
    }
    expect(type).toMatchObject({ type: 'recordtype', id: BENCH_TYPE })
    expect(type.fields.filter((field) => field.showinlist).map((field) => field.id)).toEqual([
      'name',
      'code',
    ])
  })

  it('makes record n the same way every time, numbered in base 62', () => {
    expect(benchItem(1)).toEqual(benchItem(1))
    expect(benchItem(62)).toMatchObject({ type: BENCH_TYPE, id: '10', code: 'BI-000062' })
    expect(benchItem(10_000).id).toBe('2bI')
    expect(() => benchItem(0)).toThrow(RangeError)
  })

  it('cuts the records into import files of a JSON list each and zips them', () => {
    const files = benchItemFiles(2_500, 1_000)
    expect([...files.keys()]).toEqual([
      'benchitem-1.json',
      'benchitem-G9.json',
      'benchitem-WH.json',
    ])
    const last = JSON.parse(files.get('benchitem-WH.json')!) as Array<{ id: string }>
    expect(last).toHaveLength(500)
    expect(last.at(-1)).toEqual(benchItem(2_500))
    const zip = unzipSync(benchItemZip(30, 10))
    expect(Object.keys(zip)).toEqual(['benchitem-1.json', 'benchitem-B.json', 'benchitem-L.json'])
    expect(JSON.parse(strFromU8(zip['benchitem-B.json']!))).toHaveLength(10)
  })
})

describe('the page watch', () => {
  it('is a script the browser can parse', () => {
    expect(() => new Function(PAGE_WATCH_SCRIPT)).not.toThrow()
  })

  it('selects the record rows of a type and its row on the Data screen', () => {
    expect(recordRowSelector('benchitem')).toBe('[data-testid^="row-benchitem|"]')
    expect(typeRowSelector('currency')).toBe('[data-testid="row-currency"]')
    expect(() => recordRowSelector('a"b')).toThrow(/not a record type id/)
  })

  const watch = parseWatch({
    clickAt: 1_000,
    rowAt: 1_060,
    frameAt: 1_072,
    rows: 100,
    path: '/data/benchitem',
    requests: [
      {
        path: '/query/data/list/benchitem?pagesize=100&page=1',
        startMs: 30,
        firstByteMs: 36,
        endMs: 38,
        transferBytes: 9,
      },
      {
        path: '/query/data/recordtype/get/benchitem',
        startMs: 20,
        firstByteMs: 24,
        endMs: 25,
        transferBytes: 9,
      },
    ],
  })

  it('measures from the click to the frame that paints the rows', () => {
    expect(shownMs(watch)).toBe(72)
    expect(shownMs({ ...watch, frameAt: null })).toBe(60)
    // A page load counts from navigation start, performance.now()'s origin.
    expect(shownMs({ ...watch, clickAt: null })).toBe(1_072)
    expect(shownMs({ ...watch, frameAt: null, rowAt: null })).toBeNaN()
  })

  it('finds the calls of a navigation by path', () => {
    expect(requestsTo(watch, '/query/data/list/benchitem')[0]?.startMs).toBe(30)
    expect(requestsTo(watch, '/query/data/')).toHaveLength(2)
    expect(requestsTo(watch, '/query/data/')[0]?.path).toBe('/query/data/recordtype/get/benchitem')
  })

  it('refuses a snapshot without requests and keeps missing times as null', () => {
    expect(() => parseWatch({})).toThrow(/no request list/)
    expect(parseWatch({ requests: [], rowAt: 'soon' })).toMatchObject({
      clickAt: null,
      rowAt: null,
      rows: 0,
      path: null,
    })
  })

  it('counts failed answers by status and path', () => {
    expect(describeFailures([])).toBe('none')
    expect(
      describeFailures([
        { status: 401, path: '/query/account/get' },
        { status: 404, path: '/favicon.ico' },
        { status: 401, path: '/query/account/get' },
      ]),
    ).toBe('401 /query/account/get (2×), 404 /favicon.ico')
  })
})
