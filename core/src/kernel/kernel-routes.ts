import { z } from 'zod'
import type { AccessService } from '../access/access-service.js'
import { accessRoutes } from '../access/access-routes.js'
import type { QueryRouter } from '../http/query-router.js'
import { describe } from '../http/route-description.js'

/** The kernel's own `/query` calls: the server's identity and the access checks of docs/api.md. */
export function kernelRoutes(
  router: QueryRouter,
  info: { version: string; plugins: readonly string[] },
  access: AccessService,
): void {
  const answer = Object.freeze({ name: 'Shopwright', ...info })
  router.registerAs('kernel', () => {
    router.get(
      '/server/info',
      describe({
        summary: 'The server: its name, version and running plugins in start order',
        access: 'anyone',
        answer: z.object({
          name: z.literal('Shopwright'),
          version: z.string(),
          plugins: z.array(z.string()),
        }),
      }),
      (ctx) => {
        ctx.body = answer
      },
    )
    accessRoutes(router, access)
  })
}
