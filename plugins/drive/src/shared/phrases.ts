/**
 * The drive screens' phrases with their French (the site's second seeded language), which this
 * plugin adds to the translations plugin in its bootstrap: the translations plugin adds the ones
 * its `admin` set lacks, never changing one a site has translated (docs/plugins.md, "Phrases").
 * Words the admin and general sets have already (Delete, Refresh...) are not repeated here.
 */
export const DRIVE_PHRASES: Readonly<Record<string, { fr: string }>> = {
  'Files and folders: pictures, documents, the theme’s files.': {
    fr: 'Fichiers et dossiers : images, documents, fichiers du thème.',
  },
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
  'Uploaded {0} of {1}': { fr: '{0, plural, one {# envoyé sur {1}} other {# envoyés sur {1}}}' },
  '{0} of {1, plural, one {# file} other {# files}} uploaded.': {
    fr: '{0, plural, one {# fichier envoyé} other {# fichiers envoyés}} sur {1}.',
  },
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
}
