import { describeLazyLibraries } from './loaded-packages.js'

describeLazyLibraries(import.meta.url, 'loads its zip libraries on first use, not at start', [
  'fflate',
  'yauzl',
  'sanitize-html',
])
