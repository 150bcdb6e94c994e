import type { Middleware } from 'koa'
import type { Theme } from '../shared/contract.js'
import { RouteTable } from '../shared/route-match.js'
import { required, type StorefrontState } from './page-state.js'

/**
 * The route the address shows, from the site's route table with the query merged into its props;
 * null (a 404 page) when none matches, or when the theme lacks the route's component, as such a
 * route cannot be shown.
 */
export function resolveRoute(theme: Pick<Theme, 'components'>): Middleware<StorefrontState> {
  return (ctx, next) => {
    const page = ctx.state.storefront
    const { routes } = required(page.site, 'the route table')
    const found = new RouteTable(routes).match(ctx.path, new URLSearchParams(ctx.querystring))
    page.matched = found && theme.components[found.route.component] ? found : null
    return next()
  }
}
