import { createRequire } from 'node:module'
import { definePlugin } from '@shopwright/core'
import { openApiRoute } from './openapi-route.js'
import { referencePageRoutes } from './reference-page.js'

export {
  openApiDocument,
  openApiPath,
  type OpenApiDocument,
  type OpenApiOperation,
} from './openapi-document.js'

/** The document's version is the kernel's: the API is the kernel's and its plugins'. */
const { version } = createRequire(import.meta.url)('@shopwright/core/package.json') as {
  version: string
}

/**
 * The OpenAPI plugin: `GET /query/openapi.json`, the OpenAPI 3.1 document of every `/query` call
 * the site mounts, built from the routes' own descriptions (docs/api.md, "The OpenAPI document"),
 * and `GET /query/openapi`, the API reference page that shows it to staff.
 * A site that does not run it serves no document; `shopwright openapi` prints one either way.
 */
export default definePlugin({
  name: 'openapi',
  routes(router, { access }) {
    // The document is built on its first request, once every plugin has registered its routes.
    openApiRoute(router, access, version)
    referencePageRoutes(router)
  },
})
