/**
 * The Billing screen's phrases with their French (the site's second seeded language), which this
 * plugin adds to the translations plugin in its bootstrap: the translations plugin adds the ones
 * its `admin` set lacks, never changing one a site has translated (docs/plugins.md, "Phrases").
 * Words the admin and general sets have already (Month, Description, Refresh, Try Again...) are not
 * repeated here.
 */
export const BILLING_PHRASES: Readonly<Record<string, { fr: string }>> = {
  'What the site used and what it costs, by month.': {
    fr: 'Ce que le site a consommé et ce qu’il coûte, par mois.',
  },
  Billing: { fr: 'Facturation' },
  'Cost by day': { fr: 'Coût par jour' },
  Day: { fr: 'Jour' },
  Usage: { fr: 'Utilisation' },
  Unit: { fr: 'Unité' },
  Cost: { fr: 'Coût' },
  Total: { fr: 'Total' },
  'No usage this month.': { fr: 'Aucune utilisation ce mois-ci.' },
  'Today’s figures so far, updated every few seconds.': {
    fr: 'Chiffres du jour jusqu’à présent, mis à jour toutes les quelques secondes.',
  },
  'Prices in GBP.': { fr: 'Prix en GBP.' },
  Requests: { fr: 'Requêtes' },
  'Bytes sent': { fr: 'Octets envoyés' },
  'Drive storage': { fr: 'Stockage des fichiers' },
  Database: { fr: 'Base de données' },
  'Visitor sessions': { fr: 'Sessions de visiteurs' },
  'E-mails sent': { fr: 'E-mails envoyés' },
  'Machine translation': { fr: 'Traduction automatique' },
  requests: { fr: 'requêtes' },
  GB: { fr: 'Go' },
  'GB-month': { fr: 'Go-mois' },
  sessions: { fr: 'sessions' },
  'e-mails': { fr: 'e-mails' },
  characters: { fr: 'caractères' },
}
