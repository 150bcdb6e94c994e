/**
 * The insights screens' phrases with their French (the site's second seeded language), which this
 * plugin adds to the translations plugin in its bootstrap: the translations plugin adds the ones
 * its `admin` set lacks, never changing one a site has translated (docs/plugins.md, "Phrases").
 * Words the sessions and log screens show too carry the same French as theirs.
 */
export const INSIGHTS_PHRASES: Readonly<Record<string, { fr: string }>> = {
  'Visits, pages and devices over time.': { fr: 'Visites, pages et appareils dans le temps.' },
  'Who is on the site now, on a globe.': { fr: 'Qui est sur le site en ce moment, sur un globe.' },
  Insights: { fr: 'Statistiques' },
  'Live Insights': { fr: 'Statistiques en direct' },
  '{0} live now, {1} sessions on the globe': { fr: '{0} en direct, {1} sessions sur le globe' },
  'New sessions could not be loaded; trying again.': {
    fr: 'Les nouvelles sessions n’ont pu être chargées ; nouvel essai en cours.',
  },
  Visitors: { fr: 'Visiteurs' },
  'Robots and unconfirmed visits only': { fr: 'Robots et visites non confirmées seulement' },
  Traffic: { fr: 'Trafic' },
  Day: { fr: 'Jour' },
  Views: { fr: 'Pages vues' },
  Errors: { fr: 'Erreurs' },
  Sessions: { fr: 'Sessions' },
  Returning: { fr: 'Visiteurs connus' },
  Browsers: { fr: 'Navigateurs' },
  Browser: { fr: 'Navigateur' },
  'Operating Systems': { fr: 'Systèmes d’exploitation' },
  'Operating System': { fr: 'Système d’exploitation' },
  Source: { fr: 'Source' },
  Unknown: { fr: 'Inconnu' },
  'Entry Pages': { fr: 'Pages d’entrée' },
  Routes: { fr: 'Routes' },
  Page: { fr: 'Page' },
  Countries: { fr: 'Pays' },
  Country: { fr: 'Pays' },
  Cities: { fr: 'Villes' },
  City: { fr: 'Ville' },
  'Error Messages': { fr: 'Messages d’erreur' },
  Message: { fr: 'Message' },
  'Nothing this month.': { fr: 'Rien ce mois-ci.' },
}
