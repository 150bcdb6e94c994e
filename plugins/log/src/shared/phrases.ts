import fr from './phrases.fr.json' with { type: 'json' }

/**
 * The log screen's phrases with their French (the site's second seeded language), which this plugin
 * adds to the translations plugin in its bootstrap: the translations plugin adds the ones its
 * `admin` set lacks, never changing one a site has translated (docs/plugins.md, "Phrases"). Words
 * the admin and general sets have already (Delete, Refresh...) are not repeated here.
 *
 * The French is phrases.fr.json beside this file, the catalogue translators edit (no-break spaces
 * written `\u00a0`); a table has no `phrases.en-us.json` while every phrase is its own US English.
 * From "Unable to Clear" on, the catalogue holds the memory and sessions screens' words too: each
 * plugin declares what it shows, and one French is kept per phrase, so they agree ("Clear" itself
 * is the seeded admin set's).
 */
export const LOG_PHRASES: Readonly<Record<string, { fr: string }>> = Object.fromEntries(
  Object.entries(fr).map(([phrase, text]) => [phrase, { fr: text }]),
)
