// Money is written the same way by the server, the admin and every theme: core keeps it
// (core/src/shared/money.ts); the storefront's entry re-exports it for themes.
export { formatMoney, formatMinor, toMinor, type MoneyFormat } from '@shopwright/core/shared'
