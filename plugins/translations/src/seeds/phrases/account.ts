import type { PhraseTable } from '../phrase-table.js'

/** French typography: a no-break space before ? ; : so the sign never starts a line. */
const NBSP = '\u00a0'

/**
 * The `account` set's phrases: signing in, the password reset and device block screens, and the
 * customer account area (its menu, lists, forms and dialogs), with the sample routes' titles and
 * descriptions of those screens. Sign-in's own words (Email, Password, Next...) are the `general`
 * set's.
 */
export const accountPhrases: PhraseTable = {
  // The sample routes' titles of these screens.
  'Reset Password': { fr: 'Réinitialiser le mot de passe' },
  'Block Device': { fr: "Bloquer l'appareil" },
  Account: { fr: 'Compte' },
  'Manage Account': { fr: 'Gérer le compte' },
  Orders: { fr: 'Commandes' },
  Order: { fr: 'Commande' },
  Invoices: { fr: 'Factures' },
  Invoice: { fr: 'Facture' },
  'Address Book': { fr: "Carnet d'adresses" },
  Address: { fr: 'Adresse' },
  'Credit Cards': { fr: 'Cartes bancaires' },
  'Credit Card': { fr: 'Carte bancaire' },

  // And their descriptions.
  'Sign in to your account.': { fr: 'Connectez-vous à votre compte.' },
  'Request an e-mail to reset your password.': {
    fr: 'Demandez un e-mail pour réinitialiser votre mot de passe.',
  },
  'Set a new password.': { fr: 'Choisissez un nouveau mot de passe.' },
  'Stop a device from attempting to log in to your account.': {
    fr: 'Empêchez un appareil de tenter de se connecter à votre compte.',
  },
  'Your account.': { fr: 'Votre compte.' },
  'Manage your account details.': { fr: 'Gérez les informations de votre compte.' },
  'Your orders.': { fr: 'Vos commandes.' },
  'One of your orders.': { fr: "L'une de vos commandes." },
  'Your invoices.': { fr: 'Vos factures.' },
  'One of your invoices.': { fr: "L'une de vos factures." },
  'Your addresses.': { fr: 'Vos adresses.' },
  'Add or edit an address.': { fr: 'Ajoutez ou modifiez une adresse.' },
  'Your saved credit cards.': { fr: 'Vos cartes bancaires enregistrées.' },
  'Add or edit a credit card.': { fr: 'Ajoutez ou modifiez une carte bancaire.' },

  // Reset.
  'Unable to Reset Password': { fr: 'Impossible de réinitialiser le mot de passe' },
  'Unable to Send Email': { fr: "Impossible d'envoyer l'e-mail" },
  'Send Reset Email': { fr: "Envoyer l'e-mail de réinitialisation" },
  'New Password': { fr: 'Nouveau mot de passe' },
  'Repeat Password': { fr: 'Confirmer le mot de passe' },
  'Password hints': { fr: 'Conseils pour le mot de passe' },

  // Block.
  'Device Blocked': { fr: 'Appareil bloqué' },
  "We've stopped that device from attempting to login. Thank you for letting us know.": {
    fr: 'Nous avons empêché cet appareil de tenter de se connecter. Merci de nous avoir prévenus.',
  },
  'Someone asked to reset your password from a device you do not know? Block that device from signing in to your account.':
    {
      fr: `Quelqu'un a demandé à réinitialiser votre mot de passe depuis un appareil que vous ne connaissez pas${NBSP}? Empêchez cet appareil de se connecter à votre compte.`,
    },

  // The account area's menu and overview.
  'Account menu': { fr: 'Menu du compte' },
  Overview: { fr: "Vue d'ensemble" },
  Manage: { fr: 'Gérer' },
  'Change your icon': { fr: 'Changer votre icône' },
  'Choose an Icon': { fr: 'Choisir une icône' },
  'Choose this icon': { fr: 'Choisir cette icône' },
  'Upload a Picture': { fr: 'Envoyer une image' },
  'Unable to Generate Image': { fr: "Impossible de générer l'image" },
  'Unable to Select': { fr: 'Impossible de sélectionner' },
  'Unable to Upload': { fr: "Impossible d'envoyer le fichier" },

  // Manage.
  'Change Password': { fr: 'Changer le mot de passe' },

  // Orders and invoices.
  'You have no orders yet.': { fr: "Vous n'avez encore aucune commande." },
  'You have no invoices yet.': { fr: "Vous n'avez encore aucune facture." },
  Number: { fr: 'Numéro' },
  Date: { fr: 'Date' },
  Status: { fr: 'Statut' },
  'Order {0}': { fr: 'Commande {0}' },
  'Invoice {0}': { fr: 'Facture {0}' },
  'Due date': { fr: "Date d'échéance" },
  'Amount due': { fr: 'Montant dû' },
  'Billing address': { fr: 'Adresse de facturation' },
  Items: { fr: 'Articles' },
  Units: { fr: 'Unités' },
  Rate: { fr: 'Prix unitaire' },
  Amount: { fr: 'Montant' },
  'Gross amount': { fr: 'Montant TTC' },
  'Tax code {0}': { fr: 'Code de taxe {0}' },

  // The statuses of orders and invoices (commerce's lists), shown as text.
  'Pending Approval': { fr: "En attente d'approbation" },
  'Pending Fulfillment': { fr: 'En attente de préparation' },
  'Partially Fulfilled': { fr: 'Partiellement expédiée' },
  'Pending Billing': { fr: 'En attente de facturation' },
  Billed: { fr: 'Facturée' },
  Closed: { fr: 'Clôturée' },
  Cancelled: { fr: 'Annulée' },
  Open: { fr: 'Ouverte' },
  'Paid In Full': { fr: 'Payée' },
  // The unit checkout writes on document lines.
  Each: { fr: 'Pièce' },

  // Editors: the address book and credit cards.
  'Unable to Continue': { fr: 'Impossible de continuer' },
  'New Address': { fr: 'Nouvelle adresse' },
  'Edit Address': { fr: "Modifier l'adresse" },
  'You have no saved addresses.': { fr: "Vous n'avez aucune adresse enregistrée." },
  'Default shipping': { fr: 'Livraison par défaut' },
  'Default billing': { fr: 'Facturation par défaut' },
  Addressee: { fr: 'Destinataire' },
  'Line 1': { fr: 'Ligne 1' },
  'Line 2': { fr: 'Ligne 2' },
  City: { fr: 'Ville' },
  Region: { fr: 'Région' },
  'Postal Code': { fr: 'Code postal' },
  Country: { fr: 'Pays' },
  Phone: { fr: 'Téléphone' },
  'Default shipping address': { fr: 'Adresse de livraison par défaut' },
  'Default billing address': { fr: 'Adresse de facturation par défaut' },
  'Are you sure you want to delete this address?': {
    fr: `Voulez-vous vraiment supprimer cette adresse${NBSP}?`,
  },
  'You have no saved cards.': { fr: "Vous n'avez aucune carte enregistrée." },
  'Expires {0}': { fr: `Expiration${NBSP}: {0}` },
  Default: { fr: 'Par défaut' },
  'New Credit Card': { fr: 'Nouvelle carte bancaire' },
  'Edit Credit Card': { fr: 'Modifier la carte bancaire' },
  'Number (•••• {0}; leave empty to keep it)': {
    fr: `Numéro (•••• {0}${NBSP}; laisser vide pour le conserver)`,
  },
  'Expiry Date (MM/YYYY)': { fr: "Date d'expiration (MM/AAAA)" },
  'MM/YYYY': { fr: 'MM/AAAA' },
  'Card number': { fr: 'Numéro de carte' },
  'Expiry (MM/YY)': { fr: "Date d'expiration (MM/AA)" },
  'MM/YY': { fr: 'MM/AA' },
  'Name on card': { fr: 'Nom sur la carte' },
  'We take Visa, Mastercard, American Express and Discover cards.': {
    fr: 'Nous acceptons les cartes Visa, Mastercard, American Express et Discover.',
  },
  'Payment Method': { fr: 'Moyen de paiement' },
  'Default card': { fr: 'Carte par défaut' },
  'Are you sure you want to delete this credit card?': {
    fr: `Voulez-vous vraiment supprimer cette carte bancaire${NBSP}?`,
  },
}
