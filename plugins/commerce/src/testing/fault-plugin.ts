/**
 * The fault tests' plugin (README, "Checkout under failure"), for nodes started as processes
 * (`PLUGINS=...,commerce,@shopwright/plugin-commerce/testing`): it adds the recording gateway
 * (`COMMERCE_PAYMENT_PROVIDER=recording`, its book in SW_TEST_PAYMENTS_DIR) and, with
 * SW_TEST_CHECKOUT_KILL_AT, kills its own process with SIGKILL when a checkout run reaches that
 * step: a node dying mid-checkout, with no failure path run and no connection closed cleanly.
 */
import { definePlugin, z } from '@shopwright/core'
// The commerce plugin's services (checkout, paymentProviders).
import type {} from '../index.js'
import type { CheckoutStep } from '../server/checkout/checkout.js'
import { RecordingPaymentProvider } from './recording-provider.js'

export const CHECKOUT_STEPS = [
  'claimed',
  'held',
  'charged',
  'written',
  'committed',
] as const satisfies readonly CheckoutStep[]

export const checkoutFaults = definePlugin({
  name: 'checkout-faults',
  dependsOn: ['commerce'],
  settings: {
    checkoutTestPayments: { env: 'SW_TEST_PAYMENTS_DIR', schema: z.string().min(1).optional() },
    checkoutTestKillAt: {
      env: 'SW_TEST_CHECKOUT_KILL_AT',
      schema: z.enum(CHECKOUT_STEPS).optional(),
    },
  },
  bootstrap({ services, settings }) {
    if (settings.checkoutTestPayments)
      services.paymentProviders.add(new RecordingPaymentProvider(settings.checkoutTestPayments))
    const killAt = settings.checkoutTestKillAt
    if (killAt)
      services.checkout.probe = (step) => {
        if (step === killAt) process.kill(process.pid, 'SIGKILL')
      }
  },
})
