/**
 * `node bench/dist/profile-top.js <file.cpuprofile|folder>... [--top N]`: the top functions and
 * packages by self time of CPU profiles written by `node --cpu-prof` (e.g. by `npm run bench --
 * --profile`). A folder is searched for .cpuprofile files.
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { profileFiles, renderProfileSummary, summariseProfile, type CpuProfile } from './profile.js'

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' } },
  allowPositionals: true,
})
const top = Number(values.top)
if (!positionals.length || !Number.isInteger(top) || top < 1) {
  process.stderr.write('node bench/dist/profile-top.js <file.cpuprofile|folder>... [--top N]\n')
  process.exit(2)
}

for (const file of positionals.flatMap(profileFiles)) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile
  process.stdout.write(`${renderProfileSummary(file, summariseProfile(profile, top))}\n`)
}
