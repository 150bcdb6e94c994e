/**
 * One node of the fault tests as a process of its own (fault-node-process.ts starts it):
 * `node fault-node.js '<options as JSON>'`. It serves the records, account and commerce plugins
 * and the fault plugin on a database already migrated and seeded, prints `{"url":...}` once it
 * listens, and dies as its options say.
 */
import { createKernel } from '@shopwright/core'
import { testConfig } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import commerce from '../index.js'
import { checkoutFaults } from './fault-plugin.js'
import type { FaultNodeOptions } from './fault-node-process.js'

const options = JSON.parse(process.argv[2] ?? '{}') as FaultNodeOptions
const kernel = await createKernel({
  config: testConfig({
    databaseUrl: options.databaseUrl,
    ...(options.redisUrl ? { redisUrl: options.redisUrl, redisPrefix: options.redisPrefix } : {}),
    trustProxy: true,
    settings: {
      commercePaymentProvider: 'recording',
      checkoutTestPayments: options.paymentsDir,
      ...(options.killAt ? { checkoutTestKillAt: options.killAt } : {}),
    },
  }),
  plugins: [records, account, commerce, checkoutFaults],
})
const { url } = await kernel.listen(0, '127.0.0.1')
process.stdout.write(`${JSON.stringify({ url })}\n`)
