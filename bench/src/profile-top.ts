/**
 * `node bench/dist/profile-top.js <file.cpuprofile|folder>... [--top N] [--requests N]`: the top
 * functions and packages by self time of CPU profiles written by `node --cpu-prof` (e.g. by
 * `npm run bench -- --profile`). A folder is searched for .cpuprofile files. `--requests`, the
 * number of requests the process answered while profiled, adds microseconds per request.
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { profileFiles, renderProfileSummary, summariseProfile, type CpuProfile } from './profile.js'

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' }, requests: { type: 'string' } },
  allowPositionals: true,
})
const top = Number(values.top)
const requests = values.requests === undefined ? undefined : Number(values.requests)
if (
  !positionals.length ||
  !Number.isInteger(top) ||
  top < 1 ||
  (requests !== undefined && !(requests > 0))
) {
  process.stderr.write(
    'node bench/dist/profile-top.js <file.cpuprofile|folder>... [--top N] [--requests N]\n',
  )
  process.exit(2)
}

for (const file of positionals.flatMap(profileFiles)) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile
  process.stdout.write(`${renderProfileSummary(file, summariseProfile(profile, top), requests)}\n`)
}
