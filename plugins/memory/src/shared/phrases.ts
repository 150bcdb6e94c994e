/**
 * The memory screen's phrases with their French (the site's second seeded language), which this
 * plugin adds to the translations plugin in its bootstrap: the translations plugin adds the ones
 * its `admin` set lacks, never changing one a site has translated (docs/plugins.md, "Phrases").
 * Words the admin and general sets have already (Delete, Refresh...) are not repeated here.
 */
export const MEMORY_PHRASES: Readonly<Record<string, { fr: string }>> = {
  'The server’s caches: what they hold, and clearing them.': {
    fr: 'Les caches du serveur : leur contenu, et les vider.',
  },
  Memory: { fr: 'Mémoire' },
  'Unable to View Memory': { fr: 'Impossible d’afficher la mémoire' },
  'Clear All': { fr: 'Tout vider' },
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
