import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build, type LogLevel } from 'vite'

/**
 * A project plugin's server code: `src/index.ts` bundled into `dist/index.js` for Node. Every
 * package it imports stays an import (`ssr.external`), so the plugin shares the project's one
 * copy of @shopwright/core with the kernel.
 */
export async function buildPluginServer(dir: string, logLevel: LogLevel): Promise<void> {
  await build({
    configFile: false,
    root: dir,
    logLevel,
    ssr: { external: true },
    build: {
      ssr: path.join(dir, 'src/index.ts'),
      outDir: path.join(dir, 'dist'),
      emptyOutDir: true,
      target: 'node20',
      sourcemap: true,
    },
  })
}

/**
 * A theme, as docs/themes.md describes it: the browser build (hashed files under /theme/ with a
 * manifest) and the server build of `src/server-entry.ts`. The engine and the default theme are
 * TypeScript sources compiled into it, so both sides share one copy of each.
 */
export async function buildTheme(dir: string, logLevel: LogLevel): Promise<void> {
  const shared = {
    configFile: false as const,
    root: dir,
    base: '/theme/',
    logLevel,
    plugins: [react()],
    ssr: { noExternal: ['@shopwright/storefront', '@shopwright/theme-default', '@mdi/js'] },
  }
  await build({
    ...shared,
    build: {
      outDir: path.join(dir, 'dist/client'),
      emptyOutDir: true,
      manifest: true,
      sourcemap: true,
      target: 'es2022',
      rollupOptions: { input: path.join(dir, 'src/entry-client.tsx') },
    },
  })
  await build({
    ...shared,
    build: {
      ssr: path.join(dir, 'src/server-entry.ts'),
      outDir: path.join(dir, 'dist/server'),
      emptyOutDir: true,
      target: 'node20',
      sourcemap: true,
    },
  })
}
