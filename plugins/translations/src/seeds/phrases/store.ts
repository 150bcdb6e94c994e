import { phraseTable } from '../phrase-table.js'
import fr from './store.fr.json' with { type: 'json' }

/**
 * The `store` set's phrases: the storefront's shell (header, menus, footer), its pages outside
 * the account area (the locale page, contact, 'Page not Found'), and the sample site's menu labels
 * and route titles and descriptions, which are phrases too (a page's title and description come
 * out in the visitor's language). Words the admin shares (OK, Cancel, Login, Select...) are the
 * `general` set's, which storefront pages load too. French typography puts a no-break space
 * (`\u00a0`) before ? ; : so the sign never starts a line.
 *
 * store.fr.json keeps them in groups, each from the phrase in brackets: the sample header menu
 * (menu/header) and route titles ("Home"); sign-up and its confirmation, pages/Register.tsx and
 * pages/Verify.tsx ("Create your account to order faster..."); the sample routes' descriptions,
 * the page's meta description ("Welcome to Shopwright Test Company."); the shell: header, menus,
 * footer, the loading spinner ("Menu"); words the storefront's screens share besides the general
 * set's, OK, Cancel, Login... ("Save"); the engine: a page that fails, a page that does not exist,
 * a draft's preview ("Page not Found"); the contact and locale pages ("No contact details yet."); the shell:
 * skipping to the page, the shop's navigation and the footer ("Skip to content"); the home page
 * and the gallery ("Shop by category"); item cards, the category page and the pager ("From {0}");
 * a category's sort and filters, pages/catalogue/SortControl.tsx and CategoryFilters.tsx ("Sort
 * by"); the search: the header's box and its suggestions, the search page
 * (components/SearchBox.tsx, pages/catalogue/SearchView.tsx) and its route ("Search"); the item
 * page: its gallery and zoom, prices, options and Add to cart ("Zoom in on {0}"); the cart
 * ("Quantity"); the checkout and its shipping address ("Sign in to check out"); guest checkout,
 * the commerce plugin's README, "Guest checkout" ("Sign in"); the value chosen after an option's
 * name, "Colour: Blue" (": {0}").
 */
export const storePhrases = phraseTable({ fr })
