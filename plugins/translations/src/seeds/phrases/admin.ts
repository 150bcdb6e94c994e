import type { PhraseTable } from '../phrase-table.js'

/**
 * The `admin` set's phrases: what only the administration screens say (the menu, the record
 * editors, the bin, the kit's sizes and durations). Words the storefront shares are in general.ts.
 */
export const adminPhrases: PhraseTable = {
  // The frame and its menu.
  'Shopwright admin': { fr: 'Administration Shopwright' },
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
  'Properties must be a JSON object, like {0}.': {
    fr: 'Les propriétés doivent former un objet JSON, par exemple {0}.',
  },

  // The bin.
  'Deleted Date': { fr: 'Date de suppression' },
  Empty: { fr: 'Vider' },
  'Empty the bin?': { fr: 'Vider la corbeille\u00a0?' },
  'The bin is empty.': { fr: 'La corbeille est vide.' },

  // The drive: folders, files, uploads, the editor and the picker (plugins/drive/src/admin).
  Drive: { fr: 'Fichiers' },
  Editor: { fr: 'Éditeur' },
  File: { fr: 'Fichier' },
  Folder: { fr: 'Dossier' },
  Size: { fr: 'Taille' },
  Created: { fr: 'Créé le' },
  Modified: { fr: 'Modifié le' },
  Upload: { fr: 'Envoyer' },
  Download: { fr: 'Télécharger' },
  Rename: { fr: 'Renommer' },
  Format: { fr: 'Mettre en forme' },
  Save: { fr: 'Enregistrer' },
  Open: { fr: 'Ouvrir' },
  Browse: { fr: 'Parcourir' },
  Remove: { fr: 'Retirer' },
  Leave: { fr: 'Quitter' },
  Inherited: { fr: 'Hérité' },
  'Inherited: {0}': { fr: 'Hérité\u00a0: {0}' },
  'New File': { fr: 'Nouveau fichier' },
  'New Folder': { fr: 'Nouveau dossier' },
  'Rename File': { fr: 'Renommer le fichier' },
  'Rename Folder': { fr: 'Renommer le dossier' },
  'Read only': { fr: 'Lecture seule' },
  'Unsaved changes': { fr: 'Modifications non enregistrées' },
  '{0}, modified {1}': { fr: '{0}, modifié le {1}' },
  'This folder is empty.': { fr: 'Ce dossier est vide.' },
  'This folder is empty: drop files here to upload them.': {
    fr: 'Ce dossier est vide\u00a0: déposez-y des fichiers pour les envoyer.',
  },
  'This file cannot be shown here: download it to open it.': {
    fr: 'Ce fichier ne peut pas être affiché ici\u00a0: téléchargez-le pour l’ouvrir.',
  },
  'Open a file of the drive to read or change it.': {
    fr: 'Ouvrez un fichier pour le lire ou le modifier.',
  },
  Uploaded: { fr: 'Envoi terminé' },
  'Uploaded {0} of {1}': { fr: '{0} sur {1} envoyé(s)' },
  '{0} of {1} files uploaded.': { fr: '{0} fichier(s) sur {1} envoyé(s).' },
  'Select File': { fr: 'Choisir un fichier' },
  'Select Files': { fr: 'Choisir des fichiers' },
  'Select {0}': { fr: 'Choisir {0}' },
  'Selected: {0}': { fr: 'Choisi\u00a0: {0}' },
  'Nothing selected': { fr: 'Aucune sélection' },
  'Unable to Create File': { fr: 'Impossible de créer le fichier' },
  'Unable to Create Folder': { fr: 'Impossible de créer le dossier' },
  'Unable to Upload': { fr: 'Envoi impossible' },
  'Unable to Rename File': { fr: 'Impossible de renommer le fichier' },
  'Unable to Rename Folder': { fr: 'Impossible de renommer le dossier' },
  'Unable to Update': { fr: 'Mise à jour impossible' },
  'Unable to Format': { fr: 'Mise en forme impossible' },
  'Are you sure you want to delete this file?': {
    fr: 'Voulez-vous vraiment supprimer ce fichier\u00a0?',
  },
  'Are you sure you want to delete these files?': {
    fr: 'Voulez-vous vraiment supprimer ces fichiers\u00a0?',
  },
  'Discard your unsaved changes?': { fr: 'Abandonner vos modifications non enregistrées\u00a0?' },
  'You have unsaved changes. Leave without saving them?': {
    fr: 'Vos modifications ne sont pas enregistrées. Quitter sans les enregistrer\u00a0?',
  },

  // Sizes and durations (the kit's displayBytes and displayDuration).
  '{0} byte': { fr: '{0} octet' },
  '{0} bytes': { fr: '{0} octets' },
  '{0} k': { fr: '{0} ko' },
  '{0} mb': { fr: '{0} Mo' },
  '{0} gb': { fr: '{0} Go' },
  '{0} second': { fr: '{0} seconde' },
  '{0} seconds': { fr: '{0} secondes' },
  '{0} minute': { fr: '{0} minute' },
  '{0} minutes': { fr: '{0} minutes' },
  '{0} hour': { fr: '{0} heure' },
  '{0} hours': { fr: '{0} heures' },
  '{0} day': { fr: '{0} jour' },
  '{0} days': { fr: '{0} jours' },

  // The log screen (plugins/log).
  Log: { fr: 'Journal' },
  Time: { fr: 'Heure' },
  Level: { fr: 'Niveau' },
  By: { fr: 'Par' },
  Message: { fr: 'Message' },
  'All levels': { fr: 'Tous les niveaux' },
  Warning: { fr: 'Avertissement' },
  Fatal: { fr: 'Fatal' },
  Record: { fr: 'Enregistrement' },
  'type or type.id': { fr: 'type ou type.id' },
  'Type a record type or type.id.': { fr: 'Saisissez un type d’enregistrement ou type.id.' },
  Filter: { fr: 'Filtrer' },
  'All records': { fr: 'Tous les enregistrements' },
  'Up to': { fr: 'Jusqu’à' },
  Newest: { fr: 'Les plus récentes' },
  Newer: { fr: 'Plus récentes' },
  Older: { fr: 'Plus anciennes' },
  'No log lines.': { fr: 'Aucune ligne de journal.' },
  'Show this record only': { fr: 'Afficher cet enregistrement seulement' },
  'Big number': { fr: 'Grand nombre' },
  Stack: { fr: 'Pile d’appels' },
  '{0} more': { fr: '{0} de plus' },
  'Are you sure you want to clear the log?': { fr: 'Voulez-vous vraiment vider le journal\u00a0?' },

  // The memory screen (plugins/memory).
  Memory: { fr: 'Mémoire' },
  'Unable to View Memory': { fr: 'Impossible d’afficher la mémoire' },
  'Clear All': { fr: 'Tout vider' },
  Clear: { fr: 'Vider' },
  'Are you sure you want to continue?': { fr: 'Voulez-vous vraiment continuer\u00a0?' },
  'Unable to Clear': { fr: 'Impossible de vider' },
  Caches: { fr: 'Caches' },
  Cache: { fr: 'Cache' },
  Entries: { fr: 'Entrées' },
  Hits: { fr: 'Succès' },
  Misses: { fr: 'Échecs' },
  'None on this site': { fr: 'Aucun sur ce site' },
  'Nothing cached yet.': { fr: 'Rien en cache pour l’instant.' },
  'Node {0}': { fr: 'Nœud {0}' },
  'Node {0} (this node)': { fr: 'Nœud {0} (ce nœud)' },
  Host: { fr: 'Hôte' },
  Uptime: { fr: 'Temps de fonctionnement' },
  Heap: { fr: 'Tas' },
  RSS: { fr: 'RSS' },
  'Hit Rate': { fr: 'Taux de succès' },
  '{0} of {1}': { fr: '{0} sur {1}' },
  'Cleared on {0} of {1} nodes.': { fr: 'Vidé sur {0} nœuds sur {1}.' },
  'Cleared on {0} of {1} nodes: the others did not confirm in time.': {
    fr: 'Vidé sur {0} nœuds sur {1}\u00a0: les autres n’ont pas confirmé à temps.',
  },
  'Nothing to clear: this site keeps no {0} in memory.': {
    fr: 'Rien à vider\u00a0: ce site ne garde pas de {0} en mémoire.',
  },
  'Redis is away: the other nodes drop their copies within a few seconds.': {
    fr: 'Redis est injoignable\u00a0: les autres nœuds abandonnent leurs copies d’ici quelques secondes.',
  },
}
