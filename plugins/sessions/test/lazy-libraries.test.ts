import { describeLazyLibraries } from '../../records/test/loaded-packages.js'

describeLazyLibraries(import.meta.url, 'loads its geo-IP reader on first use, not at start', [
  'maxmind',
  'mmdb-lib',
])
