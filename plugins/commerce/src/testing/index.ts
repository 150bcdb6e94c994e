/**
 * What the fault tests of checkout use (README, "Checkout under failure"): a recording gateway whose
 * book several processes share, the audit of the money invariant, and nodes that die at a step.
 * The default export is the fault plugin, for a PLUGINS list.
 */
export { RecordingPaymentProvider, readPayments, type PaymentEntry } from './recording-provider.js'
export { auditCheckouts, type AuditReport, type AuditScope, type OrderBody } from './audit.js'
export { CHECKOUT_STEPS, checkoutFaults } from './fault-plugin.js'
export { startFaultNode, type FaultNode, type FaultNodeOptions } from './fault-node-process.js'
export { checkoutFaults as default } from './fault-plugin.js'
