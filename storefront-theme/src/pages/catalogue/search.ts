/** The search page's chunk (theme.tsx): its own, as few visits land on it. */
export { SearchView } from './SearchView.js'
