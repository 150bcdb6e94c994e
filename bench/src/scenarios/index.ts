import type { Scenario } from '../scenario.js'
import { throughput } from './throughput.js'
import { coldStart } from './cold-start.js'
import { idleMemory } from './idle-memory.js'
import { recordGet } from './record-get.js'
import { recordList } from './record-list.js'
import { compressedList } from './compressed-list.js'
import { recordImport } from './record-import.js'
import { importBomb } from './import-bomb.js'
import { translationImport } from './translation-import.js'
import { signInLatency } from './sign-in.js'
import { signUpLatency } from './sign-up.js'
import { accountGet } from './account-get.js'
import { adminBundle } from './admin-bundle.js'
import { adminList } from './admin-list.js'
import { storefrontRender } from './storefront-render.js'
import { storefrontCategory } from './storefront-category.js'
import { cartAdd } from './cart-add.js'
import { search } from './search.js'
import { storefrontBundle } from './storefront-bundle.js'
import { storefrontLanguage } from './storefront-language.js'
import { lighthouseScenario } from './lighthouse.js'
import { lighthouseSearch } from './lighthouse-search.js'
import { searchSuggest } from './search-suggest.js'
import { guestCheckout } from './guest-checkout.js'
import { driveUpload } from './drive-upload.js'
import { driveList } from './drive-list.js'
import { driveZip } from './drive-zip.js'
import { sessionsTrack } from './sessions-track.js'
import { sessionsList } from './sessions-list.js'
import { ordersList } from './orders-list.js'
import { logList } from './log-list.js'
import { insightsMonth } from './insights-month.js'
import { dashboard } from './dashboard.js'
import { recordPicker } from './record-picker.js'
import { globeFrames } from './globe-frames.js'
import { createProject } from './create-project.js'
import { firstStart } from './first-start.js'
import { clusterScale } from './cluster-scale.js'
import { backup } from './backup.js'
import { recordHistory } from './record-history.js'
import { publishPropagation } from './publish-propagation.js'

/**
 * Every benchmark, in run order. A new one is a file in this folder exporting a Scenario, plus one
 * line here. record-get, record-list and compressed-list share one record table, built by whichever
 * runs first;
 * sign-in, sign-up and account-get each build a small site of their own; admin-bundle reads the built admin,
 * and admin-list builds a site of its own and drives Chromium; storefront-render, storefront-category,
 * cart-add and lighthouse each start a seeded kernel of their own (the last three read the sample
 * catalogue through the shop's calls), search starts one and fills it with 100,000 items directly,
 * search-suggest starts a seeded kernel and types into the header's search box in Chromium,
 * guest-checkout starts a seeded kernel and buys as a stranger in Chromium,
 * lighthouse-search audits the search page and a filtered category page of a seeded kernel,
 * storefront-bundle reads the built default theme; drive-upload,
 * drive-list and drive-zip each start a kernel with the drive of their own; sessions-track and
 * sessions-list each start a kernel with sessions of their own; orders-list starts a kernel with
 * commerce and fills its orders list's index directly; log-list starts a kernel with the
 * log, its plugin list named, and fills its table directly; insights-month starts a kernel with
 * insights and fills the sessions tables directly; dashboard starts a kernel with commerce,
 * sessions, insights and the log, fills the orders index and the sessions tables directly, loads
 * each card's call and drives /admin in Chromium; record-picker inserts 100,000 items into a seeded
 * file as search does and types into an item's Parent picker in Chromium; globe-frames bundles the admin's globe
 * into a page of its own and drives Chromium; create-project packs the workspace packages and makes,
 * installs and starts a project of its own; first-start clones the checkout and times its first
 * and second `npm start`; cluster starts the cluster harness (three Galera nodes,
 * Redis, S3, two app nodes) and a baseline node on the machine's MariaDB; backup seeds a SQLite
 * site of its own, fills its records, orders and drive directly, and runs `shopwright backup` and
 * `restore` as child processes; record-history starts a kernel with records and account, puts a
 * page's 1,000 versions into its history directly and reads its first page and a difference;
 * publish-propagation starts two nodes on a new database of the machine's MariaDB and its Redis,
 * and publishes a page on one while reading it from both.
 */
export const scenarios: readonly Scenario[] = [
  throughput,
  coldStart,
  idleMemory,
  recordGet,
  recordList,
  compressedList,
  recordImport,
  importBomb,
  translationImport,
  signInLatency,
  signUpLatency,
  accountGet,
  adminBundle,
  adminList,
  storefrontRender,
  storefrontCategory,
  cartAdd,
  search,
  storefrontBundle,
  storefrontLanguage,
  searchSuggest,
  guestCheckout,
  lighthouseScenario,
  lighthouseSearch,
  driveUpload,
  driveList,
  driveZip,
  sessionsTrack,
  sessionsList,
  ordersList,
  logList,
  insightsMonth,
  dashboard,
  recordPicker,
  globeFrames,
  createProject,
  firstStart,
  clusterScale,
  backup,
  recordHistory,
  publishPropagation,
]
