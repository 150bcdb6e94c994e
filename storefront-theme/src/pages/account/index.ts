/** The account area's chunk: its screens, each behind the sign-in and the profile. */
import { accountScreen } from './AccountArea.js'
import { Overview } from './Overview.js'
import { Manage } from './Manage.js'
import { Orders } from './Orders.js'
import { Order } from './Order.js'
import { Invoices } from './Invoices.js'
import { Invoice } from './Invoice.js'
// Not behind the sign-in: an order link opens its order for whoever holds it.
export { OrderByLink } from './OrderByLink.js'
import { AddressBook } from './AddressBook.js'
import { Address } from './Address.js'
import { CreditCards } from './CreditCards.js'
import { CreditCard } from './CreditCard.js'

export const AccountOverview = accountScreen(Overview)
export const AccountManage = accountScreen(Manage)
export const AccountOrders = accountScreen(Orders)
export const AccountOrder = accountScreen(Order)
export const AccountInvoices = accountScreen(Invoices)
export const AccountInvoice = accountScreen(Invoice)
export const AccountAddressBook = accountScreen(AddressBook, 'addressbook')
export const AccountAddress = accountScreen(Address)
export const AccountCreditCards = accountScreen(CreditCards, 'creditcards')
export const AccountCreditCard = accountScreen(CreditCard)
