import type { Theme } from '@shopwright/storefront/shared'
import { Shell } from './components/Shell.js'
import { NotFound } from './pages/NotFound.js'
import { PageView } from './pages/PageView.js'
import { Login } from './pages/Login.js'
import { Reset } from './pages/Reset.js'
import { Block } from './pages/Block.js'
import { Contact } from './pages/Contact.js'
import { Locale } from './pages/Locale.js'
import { accountScreen } from './pages/account/AccountArea.js'
import { Overview } from './pages/account/Overview.js'
import { Manage } from './pages/account/Manage.js'
import { Invoice, Invoices, Order, Orders } from './pages/account/Documents.js'
import { Address, AddressBook } from './pages/account/Addresses.js'
import { CreditCard, CreditCards } from './pages/account/Cards.js'
import './styles.css'

/**
 * The default theme (docs/themes.md): the components the sample company's route records name.
 * A route whose component a theme does not have is answered as not found.
 */
export const theme: Theme = {
  name: 'default',
  Shell,
  NotFound,
  components: {
    Welcome: PageView,
    About: PageView,
    PageView,
    Login,
    Reset,
    Block,
    Contact,
    Locale,
    AccountOverview: accountScreen(Overview),
    AccountManage: accountScreen(Manage),
    AccountOrders: accountScreen(Orders),
    AccountOrder: accountScreen(Order),
    AccountInvoices: accountScreen(Invoices),
    AccountInvoice: accountScreen(Invoice),
    AccountAddressBook: accountScreen(AddressBook),
    AccountAddress: accountScreen(Address),
    AccountCreditCards: accountScreen(CreditCards),
    AccountCreditCard: accountScreen(CreditCard),
  },
}
