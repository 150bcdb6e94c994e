import fs from 'node:fs'
import path from 'node:path'
import type { Scenario } from '../scenario.js'
import {
  ADMIN_BUILD,
  ADMIN_CLIENT_DIR,
  ADMIN_MANIFEST,
  pageScripts,
  planChunks,
  readAdminManifest,
} from '../admin-manifest.js'
import { measureBundle } from '../bundle.js'
import { bundleResult } from '../bundle-result.js'

/** The ceiling for the admin's initial JavaScript, gzip-compressed, in KB (1,024 bytes). */
export const ADMIN_BUNDLE_TARGET_KB = 250

/**
 * The admin's initial JavaScript from Vite's manifest (the entry chunk and its static imports,
 * recursively), gzip level 9 and raw, and each lazily loaded panel chunk. A file measurement: no
 * server, no baseline; the figure is held against the absolute ceiling.
 */
export const adminBundle: Scenario = {
  name: 'admin-bundle',
  title: 'Admin bundle: initial JavaScript and lazy panels (gzip -9)',
  method() {
    return [
      `Read from the built admin, \`${ADMIN_CLIENT_DIR}/${ADMIN_MANIFEST}\` (Vite's manifest; \`npm run build\``,
      `writes it, and the scenario fails with that instruction when it is missing or names a file that`,
      `is not there). **Initial JavaScript**: the entry chunk (\`isEntry\`, the one \`index.html\` loads) and`,
      `every chunk it imports statically (\`imports\`, recursively), i.e. what the browser must fetch and run`,
      `before the admin shows anything; each file is compressed on its own with node:zlib \`gzipSync\` at`,
      `level 9 (as a browser fetches them), and the sizes are added up. KB = 1,024 bytes (Vite's build`,
      `output prints kB = 1,000 bytes). **Lazy chunks**: every \`dynamicImports\` target reachable from the`,
      `entry that is not already initial, i.e. each panel, named by its source file, with its own gzip`,
      `size; the notes add what opening it fetches beyond the initial JavaScript (its chunk plus the`,
      `shared chunks it imports that the entry does not). The page's own \`<script>\` and`,
      `\`modulepreload\` tags are checked against the manifest's initial set. There is no natural`,
      `baseline for a bundle size, so none is measured: like the restart time and the idle memory,`,
      `the figure is held against the issue's absolute ceiling (${ADMIN_BUNDLE_TARGET_KB} KB gzip), and the target row says`,
      `how much of it is used. The CSS the entry loads is in the notes; no target applies to it.`,
    ].join('\n')
  },
  async run(context) {
    const { clientDir, manifest } = readAdminManifest(context.root)
    const plan = planChunks(manifest)
    const fileOf = (key: string): string => manifest[key]!.file
    const sizes = measureBundle(clientDir, manifest, plan, ADMIN_BUILD.sourceRoot)

    // The page must load what the manifest calls the entry, or the manifest is from another build.
    const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
    const scripts = pageScripts(html)
    const initialFiles = plan.initial.map(fileOf)
    if (!scripts.includes(fileOf(plan.entry)))
      throw new Error(
        `${ADMIN_CLIENT_DIR}/index.html loads ${scripts.join(', ') || 'no script'}, not the manifest's entry ${fileOf(plan.entry)}: the manifest and the page come from different builds; build the admin again`,
      )
    const unlisted = scripts.filter((file) => !initialFiles.includes(file))
    const preloadsMissing = initialFiles.filter((file) => !scripts.includes(file))

    const mismatch = [
      ...(unlisted.length ? [`loaded but not initial ${unlisted.join(', ')}`] : []),
      ...(preloadsMissing.length
        ? [`initial but neither loaded nor preloaded by the page ${preloadsMissing.join(', ')}`]
        : []),
    ].join('; ')
    return bundleResult(context, {
      label: 'admin-bundle',
      manifest,
      manifestPath: path.join(ADMIN_CLIENT_DIR, ADMIN_MANIFEST),
      plan,
      sizes,
      goal: `Admin initial JavaScript (entry chunk and its static imports) under ${ADMIN_BUNDLE_TARGET_KB} KB gzip`,
      targetKb: ADMIN_BUNDLE_TARGET_KB,
      notes: mismatch
        ? [`The page's script tags differ from the manifest's initial set: ${mismatch}.`]
        : [],
      raw: { pageScripts: scripts },
    })
  },
}
