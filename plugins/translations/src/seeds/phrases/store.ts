import type { PhraseTable } from '../phrase-table.js'

/**
 * The `store` set's phrases: the storefront's shell (header, menus, footer), its pages outside
 * the account area (the locale page, contact, 'Page not Found'), and the sample site's menu labels
 * and route titles and descriptions, which are phrases too (a page's title and description come
 * out in the visitor's language). Words the admin shares (OK, Cancel, Login, Select...) are the
 * `general` set's, which storefront pages load too.
 */
export const storePhrases: PhraseTable = {
  // The sample header menu (menu/header) and route titles.
  Home: { fr: 'Accueil' },
  About: { fr: 'À propos' },
  Contact: { fr: 'Contact' },
  Locale: { fr: 'Région et langue' },
  Welcome: { fr: 'Bienvenue' },
  Gallery: { fr: 'Galerie' },
  Category: { fr: 'Catégorie' },
  Item: { fr: 'Article' },
  Cart: { fr: 'Panier' },
  Checkout: { fr: 'Finaliser la commande' },
  'Shipping Address': { fr: 'Adresse de livraison' },
  'Edit Shipping Address': { fr: "Modifier l'adresse de livraison" },

  // The sample routes' descriptions (the page's meta description).
  'Welcome to Shopwright Test Company.': { fr: 'Bienvenue chez Shopwright Test Company.' },
  'About Shopwright Test Company.': { fr: 'À propos de Shopwright Test Company.' },
  'Our address, phone number and e-mail.': {
    fr: 'Notre adresse, notre numéro de téléphone et notre e-mail.',
  },
  'Choose your location, currency and language.': {
    fr: 'Choisissez votre pays, votre devise et votre langue.',
  },
  'Shopwright Test Company at a glance.': { fr: "Shopwright Test Company en un coup d'œil." },
  'Pictures from the shop.': { fr: 'Des photos de la boutique.' },
  'Items in this category.': { fr: 'Les articles de cette catégorie.' },
  'Item details and prices.': { fr: "Le détail et les prix de l'article." },
  'Your cart.': { fr: 'Votre panier.' },
  'Complete your order.': { fr: 'Finalisez votre commande.' },
  'Choose where your order is shipped.': { fr: 'Choisissez où livrer votre commande.' },
  'Edit a shipping address.': { fr: 'Modifiez une adresse de livraison.' },

  // The shell: header, menus, footer, the loading spinner.
  Menu: { fr: 'Menu' },
  Navigation: { fr: 'Navigation' },
  Footer: { fr: 'Pied de page' },

  // Words the storefront's screens share besides the general set's (OK, Cancel, Login...).
  Save: { fr: 'Enregistrer' },
  'Loading...': { fr: 'Chargement…' },

  // The engine: a page that fails, a page that does not exist.
  'Page not Found': { fr: 'Page introuvable' },
  'The address does not lead to a page.': { fr: 'Cette adresse ne mène à aucune page.' },
  'Go to the home page': { fr: "Aller à la page d'accueil" },

  // The contact and locale pages.
  'No contact details yet.': { fr: 'Aucune coordonnée pour le moment.' },
  Location: { fr: 'Pays' },
  Currency: { fr: 'Devise' },
}
