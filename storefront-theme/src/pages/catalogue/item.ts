/** The item page's chunk: the gallery and zoom, the options, the break table, Add to cart. */
export { ItemView } from './ItemView.js'
