/**
 * The insights screens' phrases with their French, declared as the plugin's `phrases`: the
 * translations plugin adds the ones its `admin` set lacks (docs/plugins.md, "Phrases").
 */
export const INSIGHTS_PHRASES: Readonly<Record<string, { fr: string }>> = {
  Insights: { fr: 'Statistiques' },
  'Live Insights': { fr: 'Statistiques en direct' },
}
