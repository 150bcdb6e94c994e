import { reference, type RecordData } from '@shopwright/core/shared'

/** The sample company's name, as in @shopwright/seeds' web configuration. */
const COMPANY = 'Shopwright Test Company'

/**
 * The sample storefront pages (`webpage/<id>`: a headline and content): home and about, shown by
 * the / and /about routes, and the two pages the /code25Home and /code25Gallery page views name.
 * Content is plain, safe HTML: p, h2, a (local links), strong, ul and li.
 */
export function webPages(): RecordData[] {
  return [
    {
      type: 'webpage',
      id: 'home',
      headline: `Welcome to ${COMPANY}`,
      content:
        `<p>${COMPANY} is the sample shop that comes with Shopwright. Browse the catalogue, fill a cart ` +
        'and check out in US dollars or euros, in English or French.</p>' +
        '<ul><li>Choose your location, currency and language on the <a href="/locale">locale page</a>.</li>' +
        '<li>Sign in to see your orders, invoices, addresses and cards.</li></ul>' +
        '<p><a href="/about">Read more about us</a>.</p>',
    },
    {
      type: 'webpage',
      id: 'about',
      headline: `About ${COMPANY}`,
      content:
        `<p><strong>${COMPANY}</strong> is a made-up company that shows what a Shopwright site can do.</p>` +
        '<h2>What we offer</h2>' +
        '<ul><li>A catalogue of categories and items.</li><li>A customer account area.</li>' +
        '<li>Prices in USD and EUR.</li></ul>' +
        '<h2>Get in touch</h2>' +
        '<p>Our address, phone number and e-mail are on the <a href="/contact">contact page</a>.</p>',
    },
    {
      type: 'webpage',
      id: 'code25home',
      headline: 'Home',
      content: `<p>A page shown by the generic page view: ${COMPANY} at a glance.</p>`,
    },
    {
      type: 'webpage',
      id: 'code25gallery',
      headline: 'Gallery',
      content: '<p>A page shown by the generic page view, ready for a gallery of pictures.</p>',
    },
    ...frenchPages(),
  ]
}

/**
 * The French variants of the pages (`<id>-fr`): the storefront shows a page's variant in the
 * visitor's language when it exists (@shopwright/client's localizedIds).
 */
function frenchPages(): RecordData[] {
  return [
    {
      type: 'webpage',
      id: 'home-fr',
      headline: `Bienvenue chez ${COMPANY}`,
      content:
        `<p>${COMPANY} est la boutique d'exemple livrée avec Shopwright. Parcourez le catalogue, ` +
        'remplissez un panier et payez en dollars américains ou en euros, en anglais ou en français.</p>' +
        '<ul><li>Choisissez votre pays, votre devise et votre langue sur la <a href="/locale">page Région et langue</a>.</li>' +
        '<li>Connectez-vous pour voir vos commandes, factures, adresses et cartes.</li></ul>' +
        '<p><a href="/about">En savoir plus sur nous</a>.</p>',
    },
    {
      type: 'webpage',
      id: 'about-fr',
      headline: `À propos de ${COMPANY}`,
      content:
        `<p><strong>${COMPANY}</strong> est une entreprise fictive qui montre ce que peut faire un site Shopwright.</p>` +
        '<h2>Ce que nous proposons</h2>' +
        "<ul><li>Un catalogue de catégories et d'articles.</li><li>Un espace client.</li>" +
        '<li>Des prix en USD et en EUR.</li></ul>' +
        '<h2>Nous contacter</h2>' +
        '<p>Notre adresse, notre numéro de téléphone et notre e-mail sont sur la <a href="/contact">page Contact</a>.</p>',
    },
    {
      type: 'webpage',
      id: 'code25home-fr',
      headline: 'Accueil',
      content: `<p>Une page affichée par la vue de page générique : ${COMPANY} en bref.</p>`,
    },
    {
      type: 'webpage',
      id: 'code25gallery-fr',
      headline: 'Galerie',
      content:
        '<p>Une page affichée par la vue de page générique, prête pour une galerie de photos.</p>',
    },
  ]
}

type Seo = 'static' | 'record'

interface RouteSpec {
  id: string
  url: string
  component: string
  title: string
  description: string
  seo?: Seo
  /** The type of the record shown, with its id when the URL does not give it. */
  record?: { type: string; id?: string }
  props?: Record<string, string>
}

/** A `route/<id>` record (docs/themes.md, "What the engine does"). */
function route(spec: RouteSpec): RecordData {
  return {
    type: 'route',
    id: spec.id,
    url: spec.url,
    component: spec.component,
    seo: spec.seo ?? 'static',
    title: spec.title,
    description: spec.description,
    ...(spec.record ? { recordtype: reference('recordtype', spec.record.type) } : {}),
    ...(spec.record?.id ? { recordid: spec.record.id } : {}),
    props: Object.entries(spec.props ?? {}).map(([id, value]) => ({ id, value })),
  }
}

/**
 * The storefront routes (every route but the admin screens /data, /configuration, /translation and
 * /bin, which the admin UI owns). Only /category/:id is in record mode; the others have a fixed
 * title.
 */
export function routes(): RecordData[] {
  const specs: RouteSpec[] = [
    {
      id: 'home',
      url: '/',
      component: 'Welcome',
      title: 'Welcome',
      description: `Welcome to ${COMPANY}.`,
      record: { type: 'webpage', id: 'home' },
    },
    {
      id: 'about',
      url: '/about',
      component: 'About',
      title: 'About',
      description: `About ${COMPANY}.`,
      record: { type: 'webpage', id: 'about' },
    },
    {
      id: 'contact',
      url: '/contact',
      component: 'Contact',
      title: 'Contact',
      description: 'Our address, phone number and e-mail.',
    },
    {
      id: 'locale',
      url: '/locale',
      component: 'Locale',
      title: 'Locale',
      description: 'Choose your location, currency and language.',
    },
    {
      id: 'code25home',
      url: '/code25Home',
      component: 'PageView',
      title: 'Home',
      description: `${COMPANY} at a glance.`,
      props: { pageid: 'code25home', pagetype: 'webpage' },
    },
    {
      id: 'code25gallery',
      url: '/code25Gallery',
      component: 'PageView',
      title: 'Gallery',
      description: 'Pictures from the shop.',
      // The page view with the catalogue's pictures (the default theme's gallery).
      props: { pageid: 'code25gallery', pagetype: 'webpage', gallery: 'catalogue' },
    },
    {
      id: 'login',
      url: '/login',
      component: 'Login',
      title: 'Login',
      description: 'Sign in to your account.',
    },
    {
      id: 'register',
      url: '/register',
      component: 'Register',
      title: 'Create an account',
      description: 'Create your account to order faster and follow your orders.',
    },
    {
      id: 'verify',
      url: '/verify',
      component: 'Verify',
      title: 'Confirm your email',
      description: 'Confirm the e-mail address of your new account.',
    },
    {
      id: 'reset',
      url: '/reset/:recordtype/:id',
      component: 'Reset',
      title: 'Reset Password',
      description: 'Request an e-mail to reset your password.',
    },
    {
      id: 'reset-code',
      url: '/reset/:recordtype/:id/:code',
      component: 'Reset',
      title: 'Reset Password',
      description: 'Set a new password.',
    },
    {
      id: 'block',
      url: '/block/:recordtype/:id/:device',
      component: 'Block',
      title: 'Block Device',
      description: 'Stop a device from attempting to log in to your account.',
    },
    {
      id: 'category',
      url: '/category/:id',
      component: 'CategoryView',
      seo: 'record',
      title: 'Category',
      description: 'Items in this category.',
      record: { type: 'webcategory' },
    },
    {
      id: 'item',
      url: '/item/:id',
      component: 'ItemView',
      // Record mode, as categories: an item's page is titled with its name (search engines).
      seo: 'record',
      title: 'Item',
      description: 'Item details and prices.',
      record: { type: 'item' },
    },
    {
      id: 'search',
      url: '/search',
      component: 'SearchView',
      // The results come with the page (commerce's page data, `?q=`); the title stays 'Search'.
      title: 'Search',
      description: 'Search the shop for items by name, option or description.',
    },
    {
      id: 'order',
      url: '/order/:id',
      component: 'OrderLink',
      // Opened by the link of a confirmation page or e-mail (`?key=`): never kept in the page cache.
      title: 'Your order',
      description: 'The order this link was made for.',
    },
    { id: 'cart', url: '/cart', component: 'Cart', title: 'Cart', description: 'Your cart.' },
    {
      id: 'checkout',
      url: '/checkout',
      component: 'Checkout',
      title: 'Checkout',
      description: 'Complete your order.',
    },
    {
      id: 'checkout-shipping',
      url: '/checkout/shipping',
      component: 'CheckoutShipping',
      title: 'Shipping Address',
      description: 'Choose where your order is shipped.',
    },
    {
      id: 'checkout-shipping-address',
      url: '/checkout/shipping/:id',
      component: 'CheckoutShippingAddress',
      title: 'Edit Shipping Address',
      description: 'Edit a shipping address.',
    },
    {
      id: 'account',
      url: '/account',
      component: 'AccountOverview',
      title: 'Account',
      description: 'Your account.',
    },
    {
      id: 'account-manage',
      url: '/account/manage',
      component: 'AccountManage',
      title: 'Manage Account',
      description: 'Manage your account details.',
    },
    {
      id: 'account-orders',
      url: '/account/orders',
      component: 'AccountOrders',
      title: 'Orders',
      description: 'Your orders.',
    },
    {
      id: 'account-order',
      url: '/account/order/:id',
      component: 'AccountOrder',
      title: 'Order',
      description: 'One of your orders.',
    },
    {
      id: 'account-invoices',
      url: '/account/invoices',
      component: 'AccountInvoices',
      title: 'Invoices',
      description: 'Your invoices.',
    },
    {
      id: 'account-invoice',
      url: '/account/invoice/:id',
      component: 'AccountInvoice',
      title: 'Invoice',
      description: 'One of your invoices.',
    },
    {
      id: 'account-addressbook',
      url: '/account/addressbook',
      component: 'AccountAddressBook',
      title: 'Address Book',
      description: 'Your addresses.',
    },
    {
      id: 'account-address',
      url: '/account/address/:id',
      component: 'AccountAddress',
      title: 'Address',
      description: 'Add or edit an address.',
    },
    {
      id: 'account-creditcards',
      url: '/account/creditcards',
      component: 'AccountCreditCards',
      title: 'Credit Cards',
      description: 'Your saved credit cards.',
    },
    {
      id: 'account-creditcard',
      url: '/account/creditcard/:id',
      component: 'AccountCreditCard',
      title: 'Credit Card',
      description: 'Add or edit a credit card.',
    },
  ]
  return specs.map(route)
}

/**
 * The menus: one `menu/<group>` record per menu group, itself a menu entry whose `submenus` are the
 * group's entries (id, label, href, submenus, an optional security). Only the header is seeded; the
 * navigation and footer groups come from the site's configuration. The header's entries have no
 * security reference, so everyone sees them, and no submenus, so each is a plain link.
 */
export function menus(): RecordData[] {
  return [
    {
      type: 'menu',
      id: 'header',
      label: 'Header',
      submenus: [
        { id: 'home', label: 'Home', href: '/' },
        { id: 'about', label: 'About', href: '/about' },
        { id: 'contact', label: 'Contact', href: '/contact' },
        { id: 'locale', label: 'Locale', href: '/locale' },
      ],
    },
  ]
}
