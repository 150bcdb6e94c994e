import { phraseTable } from '../phrase-table.js'
import fr from './admin.fr.json' with { type: 'json' }

/**
 * The `admin` set's phrases: what only the administration screens say (the menu, the record
 * editors, the bin, the kit's sizes and durations). Words the storefront shares are in general.ts.
 * Other plugins' screens declare their own phrases (their `phrases`), which the plugin adds to
 * this set at start (server/plugin-phrases.ts).
 *
 * admin.fr.json keeps them in groups, each from the phrase in brackets: the frame and its menu
 * ("Shopwright admin"); the field definitions editor's datatypes,
 * plugins/records/src/admin/datatype-names.ts ("letters, digits, - and _"); the icon field's
 * picker, the kit's IconInput ("Choose"); the colour field's picker, the kit's ColourInput ("Hue");
 * the long multi-select, the kit's MultiSelect ("Chosen"); the rich-text editor, the kit's
 * RichTextInput: its toolbar, link row and source view ("Formatting"); the editors' save state, the
 * kit's SaveState ("Unsaved changes"); when the running plugins leave the admin without sign-in, or
 * give it two of a service ("No running plugin provides sign-in..."); record lists and editors ("No
 * records yet."); list editors: field definitions, access entries, list values ("Add Field"); the
 * list value properties form, plugins/records/src/admin/ValueProperties.tsx ("Properties"); the bin
 * ("Deleted Date"); the month picker, the kit's MonthPicker ("Month"); charts
 * (admin-ui/src/charts): a pie's slice of the smallest beyond 13 ("Other"); the live globe
 * (admin-ui/src/globe): the canvas's name and its zoom buttons ("Globe"); sizes and durations, the
 * kit's displayBytes and displayDuration ("{0, plural, one {# byte} other {# bytes}}"); a record's
 * history, plugins/records/src/admin/history ("History").
 */
export const adminPhrases = phraseTable({ fr })
