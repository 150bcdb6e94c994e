import type { Theme } from '@shopwright/storefront/shared'
import { Shell } from './components/Shell.js'
import { NotFound } from './pages/NotFound.js'
import { GalleryPage, PageView } from './pages/PageView.js'
import { Home } from './pages/Home.js'
import { Contact } from './pages/Contact.js'
import { CategoryView } from './pages/catalogue/CategoryView.js'
import { chunk, lazyPage } from './lib/lazy-page.js'
import { searchChunk } from './pages/catalogue/search-chunk.js'
import './styles.css'

// The entry holds the shell and the pages most visits land on (home, pages, categories); the
// rest is split into chunks loaded with their first page (docs/benchmarks.md: the initial
// JavaScript stays well under 120 KB gzip). The search page's chunk is fetched as soon as the
// header's search box has the focus (components/SearchBox.tsx).
const item = chunk(() => import('./pages/catalogue/item.js'))
const cart = chunk(() => import('./pages/cart/index.js'))
const checkout = chunk(() => import('./pages/checkout/index.js'))
const forms = chunk(() => import('./pages/forms.js'))
const account = chunk(() => import('./pages/account/index.js'))

/** Every chunk: the server loads them all before its first page (server-entry.ts). */
export const chunks = [item, searchChunk, cart, checkout, forms, account]

/**
 * The default theme (docs/themes.md): the components the sample company's route records name.
 * A route whose component a theme does not have is answered as not found.
 */
export const theme: Theme = {
  name: 'default',
  Shell,
  NotFound,
  components: {
    Welcome: Home,
    About: PageView,
    PageView,
    Gallery: GalleryPage,
    Contact,
    CategoryView,
    ItemView: lazyPage(item, 'ItemView'),
    SearchView: lazyPage(searchChunk, 'SearchView'),
    Cart: lazyPage(cart, 'Cart'),
    Checkout: lazyPage(checkout, 'Checkout'),
    CheckoutShipping: lazyPage(checkout, 'CheckoutShipping'),
    CheckoutShippingAddress: lazyPage(checkout, 'CheckoutShippingAddress'),
    Login: lazyPage(forms, 'Login'),
    Reset: lazyPage(forms, 'Reset'),
    Block: lazyPage(forms, 'Block'),
    Register: lazyPage(forms, 'Register'),
    Verify: lazyPage(forms, 'Verify'),
    Locale: lazyPage(forms, 'Locale'),
    AccountOverview: lazyPage(account, 'AccountOverview'),
    AccountManage: lazyPage(account, 'AccountManage'),
    AccountOrders: lazyPage(account, 'AccountOrders'),
    AccountOrder: lazyPage(account, 'AccountOrder'),
    AccountInvoices: lazyPage(account, 'AccountInvoices'),
    AccountInvoice: lazyPage(account, 'AccountInvoice'),
    OrderLink: lazyPage(account, 'OrderByLink'),
    AccountAddressBook: lazyPage(account, 'AccountAddressBook'),
    AccountAddress: lazyPage(account, 'AccountAddress'),
    AccountCreditCards: lazyPage(account, 'AccountCreditCards'),
    AccountCreditCard: lazyPage(account, 'AccountCreditCard'),
  },
  // No `queryKeys`: the only lists the theme pages itself by `?page=` are the account's
  // (orders, invoices, address book, cards), and only a signed-in visitor sees them, whose pages
  // are never kept; anyone else gets the sign-in form, the same for every `?page=`. Declaring the
  // key would only keep a copy of that form per value sent. The catalogue's `page`, `display`,
  // `sort` and `instock`, and the search's `page`, are its page data providers' keys (the commerce
  // plugin's).
}
