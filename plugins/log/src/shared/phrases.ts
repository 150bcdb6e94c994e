/**
 * The log screen's phrases with their French (the site's second seeded language), which this plugin
 * adds to the translations plugin in its bootstrap: the translations plugin adds the ones its
 * `admin` set lacks, never changing one a site has translated (docs/plugins.md, "Phrases"). Words
 * the admin and general sets have already (Delete, Refresh...) are not repeated here.
 */
export const LOG_PHRASES: Readonly<Record<string, { fr: string }>> = {
  'What the server wrote: errors, warnings and events.': {
    fr: 'Ce que le serveur a écrit : erreurs, avertissements et événements.',
  },
  // Also the memory and sessions screens' words: each plugin declares what it shows, and one
  // French is kept per phrase, so they agree ('Clear' itself is the seeded admin set's).
  'Unable to Clear': { fr: 'Impossible de vider' },
  Time: { fr: 'Heure' },
  Level: { fr: 'Niveau' },
  By: { fr: 'Par' },
  Message: { fr: 'Message' },
  'All levels': { fr: 'Tous les niveaux' },
  Warning: { fr: 'Avertissement' },
  Fatal: { fr: 'Fatal' },
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
  '{0} more': { fr: '{0} de plus' },
  'Are you sure you want to clear the log?': { fr: 'Voulez-vous vraiment vider le journal\u00a0?' },
}
