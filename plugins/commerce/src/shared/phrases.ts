/**
 * The commerce editors' phrases with their French (the site's second seeded language), to be
 * added in the plugin's bootstrap (`translationSets.phrases.add(...)`): the translations plugin adds
 * the ones its `admin` set lacks, never changing one a site has translated (docs/plugins.md,
 * "Phrases"). Words the admin and general sets have already (Add, Delete...) are not repeated.
 */
export const COMMERCE_PHRASES: Readonly<Record<string, { fr: string }>> = {
  // The price table (src/admin/PriceTableEditor.tsx).
  'Price Level': { fr: 'Niveau de prix' },
  Currency: { fr: 'Devise' },
  From: { fr: 'À partir de' },
  'Quantity of break {0}': { fr: 'Quantité du palier {0}' },
  'Add Break': { fr: 'Ajouter un palier' },
  'Remove Break': { fr: 'Retirer le palier' },
  'Add Line': { fr: 'Ajouter une ligne' },
  'Remove Line': { fr: 'Retirer la ligne' },
  '{0} in {1} from {2}': { fr: '{0} en {1} à partir de {2}' },
  'No prices yet.': { fr: 'Aucun prix pour l’instant.' },
  'Each break must be a whole number above the one before it.': {
    fr: 'Chaque palier doit être un nombre entier supérieur au précédent.',
  },
  'A price level has one line per currency.': {
    fr: 'Un niveau de prix n’a qu’une ligne par devise.',
  },
  'The table is saved once this is put right.': {
    fr: 'Le tableau sera enregistré une fois ceci corrigé.',
  },
  // Images (src/admin/ImageEditor.tsx).
  'Image address': { fr: 'Adresse de l’image' },
  'Alternative text': { fr: 'Texte alternatif' },
  'No preview': { fr: 'Pas d’aperçu' },
  // An order's or invoice's lines (src/admin/DocumentLinesView.tsx).
  Item: { fr: 'Article' },
  Quantity: { fr: 'Quantité' },
  Rate: { fr: 'Prix unitaire' },
  Amount: { fr: 'Montant' },
  Tax: { fr: 'Taxe' },
  'No lines.': { fr: 'Aucune ligne.' },
}
