/**
 * The sessions screens' phrases with their French (the site's second seeded language), which this
 * plugin adds to the translations plugin in its bootstrap: the translations plugin adds the ones
 * its `admin` set lacks, never changing one a site has translated (docs/plugins.md, "Phrases"). The
 * admin reads its texts from the `admin` set, where translators edit them like every other admin
 * phrase.
 */
export const SESSIONS_PHRASES: Readonly<Record<string, { fr: string }>> = {
  'Visitors’ sessions and the pages they saw.': {
    fr: 'Les sessions des visiteurs et les pages vues.',
  },
  Sessions: { fr: 'Sessions' },
  Session: { fr: 'Session' },
  Live: { fr: 'En ligne' },
  '{0} live': { fr: '{0} en ligne' },
  'No sessions yet.': { fr: 'Aucune session pour l’instant.' },
  'Are you sure you want to clear all sessions?': {
    fr: 'Voulez-vous vraiment effacer toutes les sessions\u00a0?',
  },
  'Unable to Clear': { fr: 'Impossible de vider' },
  Date: { fr: 'Date' },
  Location: { fr: 'Lieu' },
  Browser: { fr: 'Navigateur' },
  OS: { fr: 'Système' },
  'User Agent': { fr: 'Agent utilisateur' },
  'Start Date': { fr: 'Date de début' },
  'End Date': { fr: 'Date de fin' },
  Referer: { fr: 'Provenance' },
  IP: { fr: 'IP' },
  City: { fr: 'Ville' },
  Region: { fr: 'Région' },
  Country: { fr: 'Pays' },
  Confirmed: { fr: 'Confirmée' },
  Flags: { fr: 'Signalements' },
  Genuine: { fr: 'Authentique' },
  Robot: { fr: 'Robot' },
  Virus: { fr: 'Virus' },
  Spam: { fr: 'Spam' },
  Search: { fr: 'Recherche' },
  Social: { fr: 'Réseaux sociaux' },
  Paid: { fr: 'Publicité' },
  Internal: { fr: 'Interne' },
  Direct: { fr: 'Direct' },
  Referral: { fr: 'Lien externe' },
  Page: { fr: 'Page' },
  Time: { fr: 'Heure' },
  Duration: { fr: 'Durée' },
  '{0} s': { fr: '{0}\u00a0s' },
  Scroll: { fr: 'Défilement' },
  'No pages tracked yet.': { fr: 'Aucune page suivie pour l’instant.' },
  'Loading...': { fr: 'Chargement…' },
  'IP geolocation by': { fr: 'Géolocalisation IP par' },
}
