/**
 * The bare Koa server's copy of the kernel's `GET /query/server/info` answer with the CLI's default
 * plugins: same keys, same bytes, so the throughput baseline sends what the kernel sends. Its own
 * module without imports, because the bare server must load nothing of Shopwright;
 * bare-info.test.ts holds it to the CLI's list.
 */
export const BARE_INFO = {
  name: 'Shopwright',
  version: '0.1.0',
  plugins: [
    'records',
    'account',
    'translations',
    'drive',
    'memory',
    'sessions',
    'insights',
    'billing',
    'commerce',
    'log',
    'openapi',
    'metrics',
  ],
}
