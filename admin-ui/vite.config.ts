import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './build/compress-plugin.js'
import { shopwrightPanels } from './build/panels-plugin.js'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  root,
  // The kernel serves the hashed files under /admin/ (admin-ui/src/server/admin-pages.ts).
  base: '/admin/',
  plugins: [react(), shopwrightPanels(root), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The bench reads the manifest to report the initial bundle and each panel's chunk.
    manifest: true,
    target: 'es2022',
  },
})
