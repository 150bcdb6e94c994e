import type { BenchReport } from './report.js'
import { markdownTable, renderResultsMarkdown, renderTargetsMarkdown } from './format.js'

/** docs/benchmarks.md from a run: what is measured and how, on which machine, and the figures. */
export function renderDocsPage(report: BenchReport): string {
  const { machine } = report
  const targets = report.scenarios.flatMap((scenario) => scenario.targets)
  const passed = targets.filter((target) => target.pass).length
  const date = report.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')
  const sections = report.scenarios.map((scenario) => {
    const notes = scenario.notes?.length ? `\n\n${scenario.notes.join('\n\n')}` : ''
    return `### ${scenario.title}\n\n${scenario.method}${notes}`
  })

  return `# Benchmarks

<!-- Written by \`npm run bench\` (bench/src/docs-page.ts). Change the text there; the figures come from the last full run. -->

Figures from the run of ${date}${report.quick ? ' (a --quick smoke run)' : ''}: **${passed} of ${targets.length} targets met**.
Every timing has a baseline measured in the same run on the same machine, and the ratio
Shopwright / baseline is what to compare between runs and machines; the absolute numbers depend
on the machine and on what else it was doing. Sizes (the admin's and the storefront's initial
JavaScript) depend on the build only, and Lighthouse scores have no same-run baseline: both are
held against their targets alone.

## Targets

${renderTargetsMarkdown(targets)}

## Results

${renderResultsMarkdown(report.scenarios)}

Ratio = Shopwright / baseline. For requests/s higher is better; for latency, time, memory and size lower is better.

## Machine

${markdownTable(
  ['nproc', 'Memory', 'CPU', 'Node', 'OS', 'Load average at start (1, 5, 15 min)', 'Run time'],
  [
    [
      String(machine.nproc),
      `${machine.memoryGiB} GiB`,
      machine.cpu,
      machine.node,
      machine.os,
      machine.loadAverage.join(', '),
      `${Math.round(report.seconds)} s`,
    ],
  ],
)}

The machine is shared and has ${machine.nproc} cores; the load generator (autocannon) runs on it too, so every
server under load competes with it for CPU, as Chromium does with the kernel in admin-list and
lighthouse. Rounds
alternate between Shopwright and its baseline and medians are reported so that a burst of outside
load does not land on one side only.

## How to run

\`\`\`sh
npm run bench                 # builds, runs everything (a few minutes), rewrites this file
npm run bench -- --quick      # smoke run: shorter rounds, a 10,000-record import; leaves this file alone
npm run bench -- --only record-get,record-list  # some scenarios; leaves this file alone
npm run bench -- --only admin-bundle,admin-list # the admin's bundle and record list (Chromium)
npm run bench -- --only storefront-render,storefront-bundle,lighthouse # the storefront
npm run bench -- --only storefront-category,cart-add # the shop: a category page, adding to the cart
npm run bench -- --only search-suggest,lighthouse-search # the shop's search: suggestions as typed, Lighthouse
npm run bench -- --only guest-checkout          # a stranger's purchase in Chromium
npm run bench -- --only drive-upload,drive-list,drive-zip # the drive
npm run bench -- --quick --docs                 # --docs rewrites this file anyway
npm run bench -- --only record-get --profile    # servers under --cpu-prof; prints top functions
\`\`\`

Each run prints a table and writes the raw figures (every round and every start, per-round
latencies, exit codes) to \`bench/results/<timestamp>.json\` (not committed). Servers run as child
processes on 127.0.0.1 only, on free ports, with temporary working and data folders that are removed
afterwards (\`--keep\` keeps them, with each server's log). Every child is killed when the run ends,
fails or is interrupted with Ctrl+C. The kernel runs with its defaults: the built-in plugin list,
SQLite, \`LOG_LEVEL=info\` (one JSON line per request, written to a file) and \`NODE_ENV=production\`;
Shopwright settings in the calling shell are not passed on.

The record scenarios (record-get, record-list) share one record table per run, built by whichever
runs first: the bench signs in as an administrator it creates with \`shopwright user add\`.
The account scenarios (sign-in, account-get) each start from a small site of their own (the sample
company and that one account); sign-in connects from 127.0.0.2 upward to stay under the kernel's
per-address sign-in limit, which stays on.
The admin scenarios need the admin built (\`admin-ui/dist/client\`, which \`npm run bench\` builds
first; without it they fail saying so). admin-bundle only reads its files. admin-list starts a site
of its own and drives Debian's Chromium (\`/usr/bin/chromium\`) through playwright-core, as the browser
suites do; no browser is ever downloaded, and playwright-core closes Chromium when the run ends or
is interrupted.
The storefront scenarios need the default theme built (\`storefront-theme/dist/client\`, which
\`npm run bench\` builds first). storefront-bundle only reads its files; storefront-render,
storefront-category, cart-add, search-suggest, guest-checkout, lighthouse and lighthouse-search each start a seeded site of their own (the default
plugins, commerce among them, with the sample catalogue); storefront-category and cart-add choose
their category and items through the shop's own calls as an anonymous visitor, and cart-add raises
\`COMMERCE_CART_WRITES\` so that the one-address load is counted but never refused.
search-suggest types into the header's search box in the same Debian Chromium (playwright-core).
guest-checkout buys as a stranger in it, choosing its item through the shop's calls, and raises
\`COMMERCE_PLACE_ATTEMPTS\` so that its one address is counted but never refused.
lighthouse and lighthouse-search run Lighthouse 12 (npm \`lighthouse\`,
its Node API) against the same Debian Chromium, which the bench starts itself for each run as a
child process with a DevTools port (stopped with the servers when the run ends or is interrupted),
and save every report whole under \`bench/results/<timestamp>-<scenario>/\`.
The drive scenarios (drive-upload, drive-list, drive-zip) each start a kernel of their own with the
drive named in its plugin list (\`PLUGINS=records,account,translations,drive\`, whatever the default
list, and the local store in DATA_DIR/drive), and sign in as a manager (\`allmanagers\`) the bench creates with \`shopwright user
add\`. drive-upload writes 500 MB to the temporary folder's disk up to nine times (each file removed
after its round), so that disk needs 1 GB free.

\`--profile\` starts the kernel and baseline server children with \`node --cpu-prof\`; the profiles land
in \`bench/results/<timestamp>-profiles/<scenario folder>-<server>/\` and the run prints each one's
self time by package and by function, per request for the load scenarios
(\`node bench/dist/profile-top.js <file or folder> [--top N] [--requests N]\` prints them again).
The profiler slows the servers down, so a profiled run never rewrites this file. Time in \`writev\`
is the socket write measured in wall-clock time: on loopback it includes handing the answer to
autocannon and waiting for a CPU on a machine with few cores, so compare it with the baseline's profile
from the same run; "server CPU per request" in the tables (from \`/proc\`) is the steadier figure.

## What is measured

${sections.join('\n\n')}

## Timing is never asserted in tests

The unit tests \`bench/src/*.test.ts\` check only the pure parts (median, ratio, table and
Markdown formatting, the generated records and import files, import answers, profile summaries,
argon2 hash costs, sign-in addresses, the walk of the admin's and the theme's Vite manifests and
the bundle descriptions, the admin-list records and page timings, page titles, a page's item
links, the shop scenarios' choice of category and cart items and the cart cookie, the reading of
Lighthouse results: scores, the points each audit cost, medians, the wording of their floors, the
search suggestions' keystroke times and the calls a paint waited for, and the drive scenarios' streamed
upload body, copied file rows, small files, RSS growth, page medians and zip check). No unit, black-box or browser
test asserts a duration, a rate, a memory figure or a Lighthouse score: on a shared machine they
move by tens of percent from one run to the next, and a test that fails on a busy minute teaches
people to ignore failures. Performance is tracked here, as ratios to a baseline from the same run.

## Adding a scenario

Add a file under \`bench/src/scenarios/\` that exports a \`Scenario\` (\`name\`, \`title\`,
\`method(quick)\`, \`run(context)\` returning table rows, target checks and raw data) and list it in
\`bench/src/scenarios/index.ts\`. Start servers through \`context.children\` (or the helpers in
\`bench/src/servers.ts\`) so they are killed on exit, and measure a baseline in the same run;
\`bench/src/rounds.ts\` runs the alternating autocannon rounds of a load scenario.
`
}
