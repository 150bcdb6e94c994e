import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// The admin's phrase check (a build tool of the admin package, not part of its API).
import { describePluginPhrases } from '../../../../admin-ui/build/plugin-phrases.js'
import { COMMERCE_PHRASES } from '../shared/phrases.js'

describePluginPhrases(
  { describe, it, expect },
  'the commerce editors’ phrases',
  path.dirname(fileURLToPath(import.meta.url)),
  COMMERCE_PHRASES,
)
