import { describeLazyLibraries } from '../../records/test/loaded-packages.js'

describeLazyLibraries(import.meta.url, 'loads its CSV library on first use, not at start', [
  'papaparse',
])
