import { phraseTable } from '../phrase-table.js'
import fr from './account.fr.json' with { type: 'json' }

/**
 * The `account` set's phrases: signing in, the password reset and device block screens, and the
 * customer account area (its menu, lists, forms and dialogs), with the sample routes' titles and
 * descriptions of those screens. Sign-in's own words (Email, Password, Next...) are the `general`
 * set's. French typography puts a no-break space (`\u00a0`) before ? ; : so the sign never starts
 * a line.
 *
 * account.fr.json keeps them in groups, each from the phrase in brackets: the sample routes'
 * titles of these screens ("Reset Password"), and their descriptions ("Sign in to your
 * account."); reset ("Unable to Reset Password"); block ("Device Blocked"); the account area's
 * menu and overview ("Account menu"); manage ("Change Password"); orders and invoices ("You have
 * no orders yet."); the statuses of orders and invoices (commerce's lists), shown as text
 * ("Pending Approval"); the unit checkout writes on document lines ("Each"); editors: the address
 * book and credit cards ("Unable to Continue").
 */
export const accountPhrases = phraseTable({ fr })
