import type { PhraseTable } from '../phrase-table.js'

/** French typography: a no-break space before ? ; : so the sign never starts a line. */
const NBSP = '\u00a0'

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
  'Create an account': { fr: 'Créer un compte' },
  'Confirm your email': { fr: 'Confirmez votre adresse e-mail' },
  'Confirm your e-mail address': { fr: 'Confirmez votre adresse e-mail' },

  // Sign-up and its confirmation (pages/Register.tsx, pages/Verify.tsx).
  'Create your account to order faster and follow your orders.': {
    fr: 'Créez votre compte pour commander plus vite et suivre vos commandes.',
  },
  'Confirm the e-mail address of your new account.': {
    fr: "Confirmez l'adresse e-mail de votre nouveau compte.",
  },
  'Sign up': { fr: "S'inscrire" },
  'New here?': { fr: `Nouveau client${NBSP}?` },
  'Create account': { fr: 'Créer mon compte' },
  'I already have an account': { fr: "J'ai déjà un compte" },
  'Unable to create your account': { fr: 'Impossible de créer votre compte' },
  'I agree that the shop keeps my name and e-mail address to run my account and my orders, as its privacy policy says.':
    {
      fr: "J'accepte que la boutique conserve mon nom et mon adresse e-mail pour gérer mon compte et mes commandes, comme le prévoit sa politique de confidentialité.",
    },
  'Check your e-mail': { fr: 'Consultez vos e-mails' },
  'We sent a link to {0}. Open it to confirm your address and sign in.': {
    fr: 'Nous avons envoyé un lien à {0}. Ouvrez-le pour confirmer votre adresse et vous connecter.',
  },
  'Nothing after a few minutes? Look in your spam folder, or sign up again.': {
    fr: `Rien après quelques minutes${NBSP}? Regardez dans vos courriers indésirables, ou inscrivez-vous à nouveau.`,
  },
  'Your e-mail address is confirmed': { fr: 'Votre adresse e-mail est confirmée' },
  'You are signed in. Welcome!': { fr: `Vous êtes connecté. Bienvenue${NBSP}!` },
  'You are signed in to another account: sign out, then sign in with this address.': {
    fr: `Vous êtes connecté à un autre compte${NBSP}: déconnectez-vous, puis connectez-vous avec cette adresse.`,
  },
  'My account': { fr: 'Mon compte' },
  'One click and your account is ready.': { fr: 'Un clic et votre compte est prêt.' },
  'Confirm my e-mail address': { fr: 'Confirmer mon adresse e-mail' },

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

  // The shell: skipping to the page, the shop's navigation and the footer.
  'Skip to content': { fr: 'Aller au contenu' },
  Admin: { fr: 'Administration' },
  Shop: { fr: 'Boutique' },
  Information: { fr: 'Informations' },

  // The home page and the gallery.
  'Shop by category': { fr: 'Acheter par catégorie' },
  Featured: { fr: 'À la une' },
  'Shop {0}': { fr: 'Voir la catégorie {0}' },
  'From the shop': { fr: 'Vu en boutique' },

  // Item cards, the category page and the pager.
  'From {0}': { fr: 'À partir de {0}' },
  'Out of stock': { fr: 'Rupture de stock' },
  'Price not available': { fr: 'Prix non disponible' },
  '{0, plural, one {# item} other {# items}}': {
    fr: '{0, plural, one {# article} other {# articles}}',
  },
  Display: { fr: 'Affichage' },
  Grid: { fr: 'Grille' },
  List: { fr: 'Liste' },
  'There are no items in this category yet.': {
    fr: "Il n'y a pas encore d'article dans cette catégorie.",
  },

  // A category's sort and filters (pages/catalogue/SortControl.tsx, CategoryFilters.tsx).
  'Sort by': { fr: 'Trier par' },
  'Price: low to high': { fr: 'Prix croissant' },
  'Price: high to low': { fr: 'Prix décroissant' },
  'Name: A to Z': { fr: `Nom${NBSP}: de A à Z` },
  Newest: { fr: 'Nouveautés' },
  Filters: { fr: 'Filtres' },
  Price: { fr: 'Prix' },
  'Price ({0})': { fr: 'Prix ({0})' },
  Min: { fr: 'Min' },
  Max: { fr: 'Max' },
  'Enter an amount such as 10 or 9.99.': { fr: 'Saisissez un montant comme 10 ou 9,99.' },
  Apply: { fr: 'Appliquer' },
  Availability: { fr: 'Disponibilité' },
  'In stock only': { fr: 'En stock uniquement' },
  Options: { fr: 'Options' },
  'Show {0, plural, one {# item} other {# items}}': {
    fr: 'Voir {0, plural, one {# article} other {# articles}}',
  },
  'Active filters': { fr: 'Filtres actifs' },
  'Remove filter: {0}': { fr: `Retirer le filtre${NBSP}: {0}` },
  '{0} – {1}': { fr: '{0} – {1}' },
  'Up to {0}': { fr: "Jusqu'à {0}" },
  'Clear all': { fr: 'Tout effacer' },
  'No items match these filters': { fr: 'Aucun article ne correspond à ces filtres' },
  'Remove a filter, or clear them all to see every item.': {
    fr: 'Retirez un filtre, ou effacez-les tous pour voir tous les articles.',
  },
  'Clear filters': { fr: 'Effacer les filtres' },

  // The search: the header's box and its suggestions, the search page (components/SearchBox.tsx,
  // pages/catalogue/SearchView.tsx) and its route.
  Search: { fr: 'Rechercher' },
  'Search the shop for items by name, option or description.': {
    fr: 'Cherchez un article dans la boutique par son nom, une option ou sa description.',
  },
  'Search the shop': { fr: 'Rechercher dans la boutique' },
  Suggestions: { fr: 'Suggestions' },
  '{0, plural, one {# suggestion} other {# suggestions}}': {
    fr: '{0, plural, one {# suggestion} other {# suggestions}}',
  },
  'Search for “{0}”': { fr: `Rechercher «${NBSP}{0}${NBSP}»` },
  'Search results': { fr: 'Résultats de recherche' },
  '{0, plural, one {# result for “{1}”} other {# results for “{1}”}}': {
    fr: `{0, plural, one {# résultat pour «${NBSP}{1}${NBSP}»} other {# résultats pour «${NBSP}{1}${NBSP}»}}`,
  },
  'No results for “{0}”': { fr: `Aucun résultat pour «${NBSP}{0}${NBSP}»` },
  'Check the spelling.': { fr: "Vérifiez l'orthographe." },
  'Try fewer words, or more general ones.': {
    fr: 'Essayez avec moins de mots, ou des mots plus généraux.',
  },
  'Browse our categories': { fr: 'Parcourez nos catégories' },

  // The item page: its gallery and zoom, prices, options and Add to cart.
  'Zoom in on {0}': { fr: `Agrandir${NBSP}: {0}` },
  'Show image {0} of {1}': { fr: "Afficher l'image {0} sur {1}" },
  'Image {0} of {1}': { fr: 'Image {0} sur {1}' },
  'Previous image': { fr: 'Image précédente' },
  'Next image': { fr: 'Image suivante' },
  'Buy more, pay less': { fr: 'Achetez plus, payez moins' },
  '{0}+': { fr: '{0} et +' },
  'Unit price': { fr: 'Prix unitaire' },
  'Choose an option': { fr: 'Choisissez une option' },
  'Choose an option first.': { fr: "Choisissez d'abord une option." },
  '{0} in stock': { fr: '{0} en stock' },
  'In stock': { fr: 'En stock' },
  'Only {0} left': { fr: 'Plus que {0} en stock' },
  'Get an e-mail when it is back in stock.': {
    fr: 'Recevez un e-mail dès son retour en stock.',
  },
  'Notify me': { fr: 'Me prévenir' },
  "We'll e-mail you once it is back in stock.": {
    fr: 'Nous vous écrirons dès son retour en stock.',
  },
  'Enter a quantity from 1 to {0}.': { fr: 'Saisissez une quantité de 1 à {0}.' },
  '{0} × {1} = {2}': { fr: '{0} × {1} = {2}' },
  'Add to cart': { fr: 'Ajouter au panier' },
  'Unable to Add': { fr: "Impossible d'ajouter" },
  'Added to your cart': { fr: 'Ajouté à votre panier' },
  'Quantity in your cart: {0}': { fr: `Quantité dans votre panier${NBSP}: {0}` },
  'View cart ({0})': { fr: 'Voir le panier ({0})' },
  'Continue shopping': { fr: 'Continuer mes achats' },

  // The cart.
  Quantity: { fr: 'Quantité' },
  'Quantity of {0}': { fr: 'Quantité de {0}' },
  Fewer: { fr: 'Moins' },
  More: { fr: 'Plus' },
  'SKU: {0}': { fr: `Réf.${NBSP}: {0}` },
  '{0} each': { fr: "{0} l'unité" },
  Remove: { fr: 'Retirer' },
  'Cart lines': { fr: 'Lignes du panier' },
  Summary: { fr: 'Récapitulatif' },
  Subtotal: { fr: 'Sous-total' },
  Tax: { fr: 'Taxes' },
  Shipping: { fr: 'Livraison' },
  Free: { fr: 'Gratuite' },
  Total: { fr: 'Total' },
  'Your cart is empty.': { fr: 'Votre panier est vide.' },
  'Start shopping': { fr: 'Commencer mes achats' },
  'This item is no longer available.': { fr: "Cet article n'est plus disponible." },
  'This item has no price in this currency.': {
    fr: "Cet article n'a pas de prix dans cette devise.",
  },
  'Only {0} in stock.': { fr: 'Seulement {0} en stock.' },
  'Choose an option of this item.': { fr: 'Choisissez une option de cet article.' },
  'Some lines cannot be bought as they are: change or remove them to check out.': {
    fr: `Certaines lignes ne peuvent pas être achetées en l'état${NBSP}: modifiez-les ou retirez-les pour commander.`,
  },
  'Unable to Update': { fr: 'Mise à jour impossible' },

  // The checkout and its shipping address.
  'Sign in to check out': { fr: 'Connectez-vous pour commander' },
  'Shipping address': { fr: 'Adresse de livraison' },
  'Shipping method': { fr: 'Mode de livraison' },
  Payment: { fr: 'Paiement' },
  Change: { fr: 'Modifier' },
  'Choose a shipping address': { fr: 'Choisir une adresse de livraison' },
  'Choose a shipping address.': { fr: 'Choisissez une adresse de livraison.' },
  'Add a shipping address': { fr: 'Ajouter une adresse de livraison' },
  'Ship here': { fr: 'Livrer ici' },
  'Shipping here': { fr: 'Adresse choisie' },
  'New card': { fr: 'Nouvelle carte' },
  'Pay on account ({0})': { fr: 'Paiement sur compte ({0})' },
  'Credit limit {0}': { fr: 'Limite de crédit {0}' },
  'Review your order': { fr: 'Vérifiez votre commande' },
  '{0} × {1}': { fr: '{0} × {1}' },
  'Place order · {0}': { fr: 'Commander · {0}' },
  'Placing your order...': { fr: 'Commande en cours…' },
  'Unable to Place Order': { fr: 'Impossible de passer la commande' },
  'Your order may not have been placed: try again, it will not be placed twice.': {
    fr: `Votre commande n'a peut-être pas été passée${NBSP}: réessayez, elle ne sera pas passée deux fois.`,
  },
  'Thank you for your order': { fr: 'Merci pour votre commande' },
  'Your order number is': { fr: 'Votre numéro de commande est' },
  'View order {0}': { fr: 'Voir la commande {0}' },
  'View invoice {0}': { fr: 'Voir la facture {0}' },
  // Guest checkout (the commerce plugin's README, "Guest checkout").
  'Sign in': { fr: 'Se connecter' },
  'Security code': { fr: 'Code de sécurité' },
  Option: { fr: 'Option' },
  // The value chosen after an option's name ("Colour: Blue").
  ': {0}': { fr: `${NBSP}: {0}` },
  Placed: { fr: 'Passée' },
  Shipped: { fr: 'Expédiée' },
  'Partly shipped': { fr: 'Expédiée en partie' },
  Completed: { fr: 'Terminée' },
  'Order status': { fr: 'État de la commande' },
  'This order was cancelled: it will not be shipped.': {
    fr: `Cette commande a été annulée${NBSP}: elle ne sera pas expédiée.`,
  },
  'Price dropped since you added it: {0}, was {1}': {
    fr: `Prix baissé depuis votre ajout${NBSP}: {0}, au lieu de {1}`,
  },
  'Price changed since you added it: {0}, was {1}': {
    fr: `Prix modifié depuis votre ajout${NBSP}: {0}, au lieu de {1}`,
  },
  '(unavailable)': { fr: '(indisponible)' },
  'Have an account?': { fr: `Vous avez un compte${NBSP}?` },
  'Contact and shipping address': { fr: 'Contact et adresse de livraison' },
  'Your order confirmation and its link go to this address.': {
    fr: 'La confirmation de votre commande et son lien sont envoyés à cette adresse.',
  },
  'Continue to shipping and payment': { fr: 'Continuer vers la livraison et le paiement' },
  'Keep the link to your order: it shows your order to whoever holds it.': {
    fr: `Gardez le lien de votre commande${NBSP}: il montre votre commande à qui le détient.`,
  },
  'Create an account to follow your orders': { fr: 'Créer un compte pour suivre vos commandes' },
  'Your order': { fr: 'Votre commande' },
  'The order this link was made for.': { fr: 'La commande pour laquelle ce lien a été créé.' },
}
