import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { planChunks, readBuiltManifest, THEME_BUILD, VITE_MANIFEST } from '../admin-manifest.js'
import { measureBundle } from '../bundle.js'
import { bundleResult } from '../bundle-result.js'

/** The ceiling for the storefront's initial JavaScript, gzip-compressed, in KB (1,024 bytes). */
export const STOREFRONT_BUNDLE_TARGET_KB = 120

/**
 * The default theme's initial JavaScript from its Vite manifest (the browser entry and its static
 * imports, recursively), gzip level 9 and raw, with the walk and the measurement of admin-bundle.
 */
export const storefrontBundle: Scenario = {
  name: 'storefront-bundle',
  title: 'Storefront bundle: initial JavaScript of the default theme (gzip -9)',
  method() {
    return [
      `Read from the built theme, \`${THEME_BUILD.clientDir}/${VITE_MANIFEST}\` (the browser build of`,
      `\`@shopwright/theme-default\`; \`npm run build\` writes it, and the scenario fails with that instruction`,
      `when it is missing or names a file that is not there), with the manifest walk and the measurement of`,
      `admin-bundle. **Initial JavaScript**: the theme's browser entry (\`${THEME_BUILD.entry ?? ''}\`, the`,
      `theme's \`clientEntry\`, the one script the server-rendered page loads) and every chunk it imports`,
      `statically, recursively (the engine's page assets preload them): what the browser fetches and runs to`,
      `hydrate a page, the theme's components, the engine's client (hydration, navigation, page tracking)`,
      `and React included. Each file is compressed on its own with node:zlib \`gzipSync\` at level 9 and the`,
      `sizes are added up; KB = 1,024 bytes. Lazy chunks (\`import()\` targets) load later and are listed`,
      `apart. The page is readable before any script runs (server rendering), so this is the cost of`,
      `hydration and client navigation rather than of the first paint. No baseline: the figure is held`,
      `against the issue's ceiling (${STOREFRONT_BUNDLE_TARGET_KB} KB gzip). The CSS the entry loads is in the notes.`,
    ].join('\n')
  },
  async run(context) {
    const { clientDir, manifest } = readBuiltManifest(context.root, THEME_BUILD)
    const plan = planChunks(manifest, THEME_BUILD.entry)
    const sizes = measureBundle(clientDir, manifest, plan, THEME_BUILD.sourceRoot)
    return bundleResult(context, {
      label: 'storefront-bundle',
      manifest,
      manifestPath: path.join(THEME_BUILD.clientDir, VITE_MANIFEST),
      plan,
      sizes,
      goal: `Storefront initial JavaScript (the theme's entry chunk and its static imports) under ${STOREFRONT_BUNDLE_TARGET_KB} KB gzip`,
      targetKb: STOREFRONT_BUNDLE_TARGET_KB,
    })
  },
}
