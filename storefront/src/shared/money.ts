// Money is written the same way by the server, the admin and every theme: the shared client
// package keeps it (client/src/money.ts); the storefront's entry re-exports it for themes.
export { formatMoney, formatMinor, toMinor, type MoneyFormat } from '@shopwright/client'
