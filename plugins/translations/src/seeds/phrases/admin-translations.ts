import { phraseTable } from '../phrase-table.js'
import fr from './admin-translations.fr.json' with { type: 'json' }

/**
 * The translation editor's own phrases (src/admin), part of the `admin` set: its labels, menus,
 * messages and the dialog titles and questions it hands to the kit. French puts a no-break space
 * (`\u00a0`) before ':' and '?', as French typography does.
 *
 * admin-translations.fr.json keeps them in groups, each from the phrase in brackets: the editor's
 * page and buttons ("Translation"); "Clear", here because the log and memory screens show it too
 * and declare none of the seeded admin set's words; the table ("Phrase"); the phrase menu and the
 * language menus ("Export All CSV"); finding phrases ("Search phrases and translations"); what an
 * import or an Auto-Fill did ("{0}: {1} added, {2} updated."); the Languages dialog ("The first
 * language is the default..."); dialogs and confirmations ("Unable to Add").
 */
export const adminTranslationsPhrases = phraseTable({ fr })
