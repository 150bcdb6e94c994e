import type { PhraseTable } from '../phrase-table.js'

/**
 * The translation editor's own phrases (src/admin), part of the `admin` set: its labels, menus,
 * messages and the dialog titles and questions it hands to the kit. French puts a no-break space
 * before ':' and '?', as French typography does.
 */
export const adminTranslationsPhrases: PhraseTable = {
  // The editor's page and buttons.
  Translation: { fr: 'Traduction' },
  'The texts of the shop and the admin in every language.': {
    fr: 'Les textes de la boutique et de l’administration dans chaque langue.',
  },
  Languages: { fr: 'Langues' },
  Details: { fr: 'Détails' },
  // Also shown by the log and memory screens, which declare none of the seeded admin set's words.
  Clear: { fr: 'Vider' },
  Stack: { fr: 'Pile d’appels' },
  // The table.
  Phrase: { fr: 'Expression' },
  'No phrases yet.': { fr: 'Aucune expression pour l’instant.' },
  'This phrase is in the set more than once.': {
    fr: 'Cette expression apparaît plusieurs fois dans l’ensemble.',
  },
  '{0} menu': { fr: 'Menu {0}' },
  // The phrase menu and the language menus.
  'Export All CSV': { fr: 'Tout exporter en CSV' },
  'Import All CSV': { fr: 'Tout importer depuis un CSV' },
  Sort: { fr: 'Trier' },
  'Export CSV': { fr: 'Exporter en CSV' },
  'Import CSV': { fr: 'Importer un CSV' },
  'Auto-Fill': { fr: 'Remplissage automatique' },
  // Finding phrases.
  'Search phrases and translations': { fr: 'Rechercher dans les expressions et traductions' },
  'Rows per page': { fr: 'Lignes par page' },
  '{0, plural, one {# phrase matches} other {# phrases match}}': {
    fr: '{0, plural, one {# expression correspond} other {# expressions correspondent}}',
  },
  // What an import or an Auto-Fill did.
  '{0}: {1} added, {2} updated.': {
    fr: '{0}\u00a0: {1, plural, one {# ajout} other {# ajouts}}, {2, plural, one {# mise à jour} other {# mises à jour}}.',
  },
  'Auto-Fill: {0, plural, one {# translation} other {# translations}} added in {1}.': {
    fr: 'Remplissage automatique\u00a0: {0, plural, one {# traduction ajoutée} other {# traductions ajoutées}} en {1}.',
  },
  // The Languages dialog.
  'The first language is the default: Auto-Fill translates from it.': {
    fr: 'La première langue est celle par défaut\u00a0: le remplissage automatique traduit à partir d’elle.',
  },
  'Choose a language': { fr: 'Choisissez une langue' },
  Default: { fr: 'Par défaut' },
  'Add Language': { fr: 'Ajouter une langue' },
  'Choose at least one language.': { fr: 'Choisissez au moins une langue.' },
  'Choose a language in every row.': { fr: 'Choisissez une langue sur chaque ligne.' },
  'Each language can only be chosen once.': {
    fr: 'Chaque langue ne peut être choisie qu’une fois.',
  },
  // Dialogs and confirmations.
  'Unable to Add': { fr: 'Ajout impossible' },
  'Unable to Translate': { fr: 'Traduction impossible' },
  'Clear these translations?': { fr: 'Effacer ces traductions\u00a0?' },
}
