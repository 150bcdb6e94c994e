import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = path.dirname(fileURLToPath(import.meta.url))

// Two builds: the browser's (dist/client, hashed files under /theme/ with a manifest the server
// reads) and, with --ssr, the server's (dist/server: the theme and the engine's app for Node).
export default defineConfig(({ isSsrBuild }) => ({
  root,
  base: '/theme/',
  plugins: [react()],
  // The engine is TypeScript source: bundled with the theme on both sides, so they share one copy.
  // The icons too: bundled, only the paths used are kept; required at run time, @mdi/js would
  // load all its 7,000 paths (about 15 MB of server memory) for one icon.
  ssr: { noExternal: ['@shopwright/storefront', '@mdi/js'] },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', sourcemap: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        target: 'es2022',
        rollupOptions: { input: path.join(root, 'src/entry-client.tsx') },
      },
}))
