import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// The admin's phrase check (a build tool of the admin package, not part of its API).
import { describePluginPhrases } from '../../../../admin-ui/build/plugin-phrases.js'
import { DRIVE_PHRASES } from '../shared/phrases.js'
import { GUARD_PHRASES } from '../shared/guard-phrases.js'

describePluginPhrases(
  { describe, it, expect },
  'the drive screens’ phrases',
  path.dirname(fileURLToPath(import.meta.url)),
  DRIVE_PHRASES,
  // What the drive tells the permissions matrix, which shows it translated.
  GUARD_PHRASES.map((text) => ({ text, at: 'plugins/drive/src/server/entry-guard.ts' })),
)
