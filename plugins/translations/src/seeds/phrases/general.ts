import { phraseTable } from '../phrase-table.js'
import fr from './general.fr.json' with { type: 'json' }

/**
 * The `general` set's phrases: words the admin shares with the storefront (buttons, dialogs,
 * paging, sign-in, the spec's error dialog titles). French puts a no-break space (`\u00a0`) before
 * '?', as French typography does.
 *
 * general.fr.json keeps them in groups, each from the phrase in brackets: buttons and actions
 * ("OK"); sign-in and the header ("Login"); tables, forms and paging ("Id"); dialogs: the spec's
 * titles for errors, and its confirmations ("Error").
 */
export const generalPhrases = phraseTable({ fr })
