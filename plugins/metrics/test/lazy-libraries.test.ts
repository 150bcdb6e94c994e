import { describeLazyLibraries } from '../../records/test/loaded-packages.js'

describeLazyLibraries(import.meta.url, 'loads prom-client only with METRICS_TOKEN, not at start', [
  'prom-client',
])
