import { definePlugin, type ErrorCodesOf, asFunction } from '@shopwright/core'
import { MemoryService } from './server/memory-service.js'
import { NodeRegistry } from './server/node-registry.js'
import { memoryRoutes } from './server/routes.js'
import { MEMORY_ERRORS } from './shared/errors.js'
import { MEMORY_SECURITY } from './shared/types.js'
import { MEMORY_PHRASES } from './shared/phrases.js'
// For the optional translations plugin's `translationSets` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-translations'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

export { CONFIRM_TIMEOUT_MS, MemoryService } from './server/memory-service.js'
export { CacheTypes, NAMED_CACHE_TYPES } from './server/memory-types.js'
export * from './shared/index.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof MEMORY_ERRORS> {}
  interface Services {
    memory: MemoryService
  }
}

/**
 * The memory plugin (/memory): every node's cache figures, and clears by memory type that reach
 * every node and answer how many confirmed (README.md).
 */
export default definePlugin({
  name: 'memory',
  // The `memory` security record is read through the records plugin's security source.
  dependsOn: ['records'],
  provides: ['memory'],
  errors: MEMORY_ERRORS,
  // The administrator role has every right whatever the record says.
  security: { [MEMORY_SECURITY]: { name: 'Memory', access: { developmentmanager: 'all' } } },
  register({ container, logger }) {
    container.register({
      // The site's live nodes, each with its figures: the registry lives as long as the service.
      memory: asFunction(
        ({ cache, events, redis }) =>
          new MemoryService(cache, new NodeRegistry(events.node, redis, logger), redis, logger),
      ).singleton(),
    })
  },
  async bootstrap({ services, optional }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('memory', ['/memory'])
    // The screens' texts with their French, for the sets that lack them (docs/plugins.md, "Phrases").
    optional('translationSets')?.phrases.add('memory', { admin: MEMORY_PHRASES })
    await services.memory.start()
  },
  async destroy({ services }) {
    await services.memory.close()
  },
  routes(router, { services, access }) {
    memoryRoutes(router, services.memory, access)
  },
})
