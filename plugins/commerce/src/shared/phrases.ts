import fr from './phrases.fr.json' with { type: 'json' }

/**
 * The commerce editors' phrases with their French (the site's second seeded language), to be
 * added in the plugin's bootstrap (`translationSets.phrases.add(...)`): the translations plugin adds
 * the ones its `admin` set lacks, never changing one a site has translated (docs/plugins.md,
 * "Phrases"). Words the admin and general sets have already (Add, Delete...) are not repeated.
 *
 * The French is phrases.fr.json beside this file, the catalogue translators edit (no-break spaces
 * written `\u00a0`); a table has no `phrases.en-us.json` while every phrase is its own US English.
 * The catalogue keeps them in groups, each from the phrase in brackets: the price table,
 * src/admin/PriceTableEditor.tsx ("Price Level"); images, src/admin/ImageEditor.tsx ("Image
 * address"); an order's or invoice's lines, src/admin/DocumentLinesView.tsx ("Item").
 */
export const COMMERCE_PHRASES: Readonly<Record<string, { fr: string }>> = Object.fromEntries(
  Object.entries(fr).map(([phrase, text]) => [phrase, { fr: text }]),
)
