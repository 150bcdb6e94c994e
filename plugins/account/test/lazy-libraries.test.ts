import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { packagesLoadedBy } from '../../records/test/loaded-packages.js'

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url))

describe('the built plugin', () => {
  // The built package, as a site starts it (npm test builds first).
  it.skipIf(!existsSync(dist))(
    'loads its mail, icon, password, image and queue libraries on first use, not at start',
    () => {
      const loaded = packagesLoadedBy(dist)
      // The hook does see packages: core's schema library comes in at start.
      expect(loaded).toContain('zod')
      for (const library of [
        'nodemailer',
        '@dicebear/core',
        '@dicebear/thumbs',
        '@node-rs/argon2',
        'jsdom',
        'dompurify',
        'sharp',
        'bullmq',
        'ioredis',
      ])
        expect(loaded, library).not.toContain(library)
    },
  )
})
