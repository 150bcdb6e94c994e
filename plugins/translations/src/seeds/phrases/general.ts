import type { PhraseTable } from '../phrase-table.js'

/**
 * The `general` set's phrases: words the admin shares with the storefront (buttons, dialogs,
 * paging, sign-in, the spec's error dialog titles). French puts a no-break space before '?', as
 * French typography does.
 */
export const generalPhrases: PhraseTable = {
  // Buttons and actions.
  OK: { fr: 'OK' },
  Cancel: { fr: 'Annuler' },
  Close: { fr: 'Fermer' },
  Confirm: { fr: 'Confirmer' },
  Add: { fr: 'Ajouter' },
  New: { fr: 'Nouveau' },
  Create: { fr: 'Créer' },
  View: { fr: 'Voir' },
  Edit: { fr: 'Modifier' },
  Delete: { fr: 'Supprimer' },
  Duplicate: { fr: 'Dupliquer' },
  Restore: { fr: 'Restaurer' },
  Refresh: { fr: 'Actualiser' },
  Export: { fr: 'Exporter' },
  Import: { fr: 'Importer' },
  'Try Again': { fr: 'Réessayer' },
  Next: { fr: 'Suivant' },
  'Saving...': { fr: 'Enregistrement…' },
  Loading: { fr: 'Chargement' },

  // Sign-in and the header.
  Login: { fr: 'Connexion' },
  Logout: { fr: 'Déconnexion' },
  Email: { fr: 'E-mail' },
  Password: { fr: 'Mot de passe' },
  'Forgot Password': { fr: 'Mot de passe oublié' },
  Language: { fr: 'Langue' },

  // Tables, forms and paging.
  Id: { fr: 'Identifiant' },
  Name: { fr: 'Nom' },
  Type: { fr: 'Type' },
  Description: { fr: 'Description' },
  Select: { fr: 'Sélectionner' },
  'Select...': { fr: 'Choisir…' },
  'Select all': { fr: 'Tout sélectionner' },
  'Select row': { fr: 'Sélectionner la ligne' },
  'No records': { fr: 'Aucun enregistrement' },
  'Nothing to choose from': { fr: 'Aucun choix possible' },
  Info: { fr: 'Informations' },
  Breadcrumbs: { fr: 'Fil d’Ariane' },
  Pages: { fr: 'Pages' },
  'Page {0}': { fr: 'Page {0}' },
  'Previous page': { fr: 'Page précédente' },
  'Next page': { fr: 'Page suivante' },
  'Load More': { fr: 'Charger plus' },

  // Dialogs: the spec's titles for errors, and its confirmations.
  Error: { fr: 'Erreur' },
  'Unable to Login': { fr: 'Connexion impossible' },
  'Unable to Create': { fr: 'Création impossible' },
  'Unable to Save': { fr: 'Enregistrement impossible' },
  'Unable to Delete': { fr: 'Suppression impossible' },
  'Unable to Duplicate': { fr: 'Duplication impossible' },
  'Unable to Restore': { fr: 'Restauration impossible' },
  'Unable to Empty': { fr: 'Impossible de vider' },
  'Unable to Import': { fr: 'Importation impossible' },
  'Are you sure you want to delete this record?': {
    fr: 'Voulez-vous vraiment supprimer cet enregistrement\u00a0?',
  },
  'Are you sure you want to delete these records?': {
    fr: 'Voulez-vous vraiment supprimer ces enregistrements\u00a0?',
  },
}
