import type { PhraseTable } from '../phrase-table.js'

/**
 * The `admin` set's phrases: what only the administration screens say (the menu, the record
 * editors, the bin, the kit's sizes and durations). Words the storefront shares are in general.ts.
 * Other plugins' screens declare their own phrases (their `phrases`), which the plugin adds to
 * this set at start (server/plugin-phrases.ts).
 */
export const adminPhrases: PhraseTable = {
  // The frame and its menu.
  'Shopwright admin': { fr: 'Administration Shopwright' },
  'Every kind of record: customers, items, pages and more.': {
    fr: 'Tous les types d’enregistrements : clients, articles, pages…',
  },
  'The record types and their fields.': { fr: 'Les types d’enregistrements et leurs champs.' },
  'The lists that fields choose their values from.': {
    fr: 'Les listes dont les champs tirent leurs valeurs.',
  },
  'The site’s settings: web, e-mail, shop.': {
    fr: 'Les réglages du site : web, e-mail, boutique.',
  },
  'Who may view, edit, create and delete what.': {
    fr: 'Qui peut voir, modifier, créer et supprimer quoi.',
  },
  'Deleted records, to restore or remove for good.': {
    fr: 'Les enregistrements supprimés, à restaurer ou effacer.',
  },
  'What you may open.': { fr: 'Ce que vous pouvez ouvrir.' },
  Shop: { fr: 'Boutique' },
  'Admin home': { fr: 'Accueil de l’administration' },
  'Page not Found': { fr: 'Page introuvable' },
  // The field definitions editor's datatypes (plugins/records/src/admin/datatype-names.ts).
  'letters, digits, - and _': { fr: 'lettres, chiffres, - et _' },
  Text: { fr: 'Texte' },
  'one line': { fr: 'une ligne' },
  Decimal: { fr: 'Décimal' },
  'a number with decimals': { fr: 'un nombre à décimales' },
  'Whole Number': { fr: 'Nombre entier' },
  'a number without decimals': { fr: 'un nombre sans décimales' },
  Hidden: { fr: 'Caché' },
  'kept, never shown': { fr: 'conservé, jamais affiché' },
  Checkbox: { fr: 'Case à cocher' },
  'yes or no': { fr: 'oui ou non' },
  'Long Text': { fr: 'Texte long' },
  'several lines': { fr: 'plusieurs lignes' },
  'Rich Text': { fr: 'Texte enrichi' },
  'formatted text, kept as safe HTML': { fr: 'texte mis en forme, conservé en HTML sûr' },
  'Drive Folder': { fr: 'Dossier' },
  'a folder of the drive': { fr: 'un dossier des fichiers' },
  'Private Folder': { fr: 'Dossier privé' },
  'a drive folder only staff reach': { fr: 'un dossier réservé au personnel' },
  'Public Folder': { fr: 'Dossier public' },
  'a drive folder anyone may read': { fr: 'un dossier lisible par tous' },
  'Personal Folder': { fr: 'Dossier personnel' },
  'a drive folder of the signed-in account': { fr: 'un dossier du compte connecté' },
  'List Value': { fr: 'Valeur de liste' },
  'one value of a list': { fr: 'une valeur d’une liste' },
  'List Values': { fr: 'Valeurs de liste' },
  'several values of a list': { fr: 'plusieurs valeurs d’une liste' },
  Record: { fr: 'Enregistrement' },
  'a link to one record': { fr: 'un lien vers un enregistrement' },
  Records: { fr: 'Enregistrements' },
  'links to several records': { fr: 'des liens vers plusieurs enregistrements' },
  Icon: { fr: 'Icône' },
  'a name from the icon set': { fr: 'un nom du jeu d’icônes' },
  'Date and Time': { fr: 'Date et heure' },
  'a moment': { fr: 'un instant' },
  'an e-mail address': { fr: 'une adresse e-mail' },
  'stored hashed, never shown': { fr: 'conservé haché, jamais affiché' },
  Colour: { fr: 'Couleur' },
  'a colour such as #1565c0': { fr: 'une couleur comme #1565c0' },
  Log: { fr: 'Journal' },
  'lines the server adds': { fr: 'des lignes ajoutées par le serveur' },
  Translations: { fr: 'Traductions' },
  'a text in each language': { fr: 'un texte dans chaque langue' },
  Domain: { fr: 'Domaine' },
  'a host name such as shop.example.com': { fr: 'un nom d’hôte comme shop.example.com' },
  '{0}: {1}': { fr: '{0} : {1}' },
  // The icon field's picker (the kit's IconInput).
  Choose: { fr: 'Choisir' },
  'Choose an Icon': { fr: 'Choisir une icône' },
  'Search icons': { fr: 'Rechercher une icône' },
  'No icon has that name.': { fr: 'Aucune icône ne porte ce nom.' },
  // The long multi-select (the kit's MultiSelect).
  Chosen: { fr: 'Choisis' },
  'None chosen': { fr: 'Aucun choix' },
  'Remove {0}': { fr: 'Retirer {0}' },
  'Search {0}': { fr: 'Rechercher\u00a0: {0}' },
  'Nothing matches.': { fr: 'Aucun résultat.' },
  '{0} more: type to narrow.': { fr: '{0} de plus\u00a0: tapez pour affiner.' },
  // The rich-text editor (the kit's RichTextInput): its toolbar, link row and source view.
  Formatting: { fr: 'Mise en forme' },
  Bold: { fr: 'Gras' },
  Italic: { fr: 'Italique' },
  Underline: { fr: 'Souligné' },
  Strikethrough: { fr: 'Barré' },
  'Heading 2': { fr: 'Titre 2' },
  'Heading 3': { fr: 'Titre 3' },
  'Bulleted list': { fr: 'Liste à puces' },
  'Numbered list': { fr: 'Liste numérotée' },
  Quote: { fr: 'Citation' },
  Link: { fr: 'Lien' },
  Undo: { fr: 'Annuler la modification' },
  Redo: { fr: 'Rétablir' },
  'HTML source': { fr: 'Source HTML' },
  'Link address': { fr: 'Adresse du lien' },
  Apply: { fr: 'Appliquer' },
  'Remove link': { fr: 'Retirer le lien' },
  'A link may go to an http, https, mailto or tel address, or to a page of this site.': {
    fr: 'Un lien peut mener à une adresse http, https, mailto ou tel, ou à une page de ce site.',
  },
  'This text has HTML the editor cannot keep, such as a table or a class: edit it as HTML source. In the editor, those parts are lost at the first change.':
    {
      fr: 'Ce texte contient du HTML que l’éditeur ne sait pas garder, comme un tableau ou une classe\u00a0: modifiez-le en source HTML. Dans l’éditeur, ces parties sont perdues à la première modification.',
    },
  // The editors' save state (the kit's SaveState).
  'Unsaved changes': { fr: 'Modifications non enregistrées' },
  'Not saved': { fr: 'Non enregistré' },
  Saved: { fr: 'Enregistré' },
  'Saved at {0}': { fr: 'Enregistré à {0}' },
  '{0, plural, one {# field needs attention} other {# fields need attention}}': {
    fr: '{0, plural, one {# champ à corriger} other {# champs à corriger}}',
  },
  'Admin menu': { fr: 'Menu d’administration' },
  Data: { fr: 'Données' },
  Types: { fr: 'Types' },
  Lists: { fr: 'Listes' },
  Configuration: { fr: 'Configuration' },
  Security: { fr: 'Sécurité' },
  Bin: { fr: 'Corbeille' },

  // When the running plugins leave the admin without sign-in, or give it two of a service.
  'No running plugin provides sign-in: add one, such as account, to the site’s plugins.': {
    fr: 'Aucune extension en service ne fournit la connexion\u00a0: ajoutez-en une, comme account, aux extensions du site.',
  },
  'More than one running plugin provides {0} ({1}): keep only one of them in the site’s plugins.': {
    fr: 'Plusieurs extensions en service fournissent {0} ({1})\u00a0: n’en gardez qu’une dans les extensions du site.',
  },

  // Record lists and editors.
  'No records yet.': { fr: 'Aucun enregistrement pour l’instant.' },
  'No records match.': { fr: 'Aucun enregistrement ne correspond.' },
  'Filter by': { fr: 'Filtrer par' },
  'Add filter': { fr: 'Ajouter le filtre' },
  Filters: { fr: 'Filtres' },
  'Search records': { fr: 'Rechercher des enregistrements' },
  Yes: { fr: 'Oui' },
  No: { fr: 'Non' },
  'No record types.': { fr: 'Aucun type d’enregistrement.' },
  'Letters, digits, - and _. Changing it renames the record.': {
    fr: 'Lettres, chiffres, - et _. Le modifier renomme l’enregistrement.',
  },
  'Add a language code and press Enter': {
    fr: 'Saisissez un code de langue puis appuyez sur Entrée',
  },

  // List editors: field definitions, access entries, list values.
  'Add Field': { fr: 'Ajouter un champ' },
  'Add Role': { fr: 'Ajouter un rôle' },
  'Add Name': { fr: 'Ajouter un nom' },
  'Move to Top': { fr: 'Placer en premier' },
  'Move Up': { fr: 'Monter' },
  'Move Down': { fr: 'Descendre' },
  'Move to Bottom': { fr: 'Placer en dernier' },
  Datatype: { fr: 'Type de données' },
  Required: { fr: 'Obligatoire' },
  'In List': { fr: 'Dans la liste' },
  'Refers To': { fr: 'Fait référence à' },
  Role: { fr: 'Rôle' },
  'Other Properties': { fr: 'Autres propriétés' },
  // The list value properties form (plugins/records/src/admin/ValueProperties.tsx).
  Properties: { fr: 'Propriétés' },
  Kind: { fr: 'Genre' },
  Value: { fr: 'Valeur' },
  Number: { fr: 'Nombre' },
  'Yes or No': { fr: 'Oui ou non' },
  'Add Property': { fr: 'Ajouter une propriété' },
  'Edit as JSON': { fr: 'Modifier en JSON' },
  'Edit as Form': { fr: 'Modifier en formulaire' },
  'Every property needs a name.': { fr: 'Chaque propriété doit avoir un nom.' },
  'Id and name are edited in the table.': {
    fr: 'L’identifiant et le nom se modifient dans le tableau.',
  },
  'Two properties have the same name.': { fr: 'Deux propriétés portent le même nom.' },
  'A number property needs a number.': { fr: 'Une propriété nombre demande un nombre.' },
  'A JSON property needs valid JSON.': { fr: 'Une propriété JSON demande du JSON valide.' },
  'Properties must be a JSON object.': { fr: 'Les propriétés doivent former un objet JSON.' },
  'Remove Property': { fr: 'Retirer la propriété' },
  JSON: { fr: 'JSON' },

  // The bin.
  'Deleted Date': { fr: 'Date de suppression' },
  Empty: { fr: 'Vider' },
  'Empty the bin?': { fr: 'Vider la corbeille\u00a0?' },
  'The bin is empty.': { fr: 'La corbeille est vide.' },

  // The month picker (the kit's MonthPicker).
  Month: { fr: 'Mois' },
  Year: { fr: 'Année' },
  'Previous month': { fr: 'Mois précédent' },
  'Next month': { fr: 'Mois suivant' },

  // Charts (admin-ui/src/charts): a pie's slice of the smallest beyond 13.
  Other: { fr: 'Autres' },

  // The live globe (admin-ui/src/globe): the canvas's name and its zoom buttons.
  Globe: { fr: 'Globe' },
  'Zoom in': { fr: 'Zoom avant' },
  'Zoom out': { fr: 'Zoom arrière' },

  // Sizes and durations (the kit's displayBytes and displayDuration).
  '{0, plural, one {# byte} other {# bytes}}': {
    fr: '{0, plural, one {# octet} other {# octets}}',
  },
  '{0} k': { fr: '{0} ko' },
  '{0} mb': { fr: '{0} Mo' },
  '{0} gb': { fr: '{0} Go' },
  '{0, plural, one {# second} other {# seconds}}': {
    fr: '{0, plural, one {# seconde} other {# secondes}}',
  },
  '{0, plural, one {# minute} other {# minutes}}': {
    fr: '{0, plural, one {# minute} other {# minutes}}',
  },
  '{0, plural, one {# hour} other {# hours}}': {
    fr: '{0, plural, one {# heure} other {# heures}}',
  },
  '{0, plural, one {# day} other {# days}}': {
    fr: '{0, plural, one {# jour} other {# jours}}',
  },
}
