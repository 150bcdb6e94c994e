import type { QueryContext } from '@shopwright/core'

/**
 * A described route's handler (route-schemas.ts): the router checked the request against the
 * description's schemas and hands the parsed parts on as `ctx.input` (docs/api.md, "Validation"),
 * so the handler reads them there and checks nothing of their shape again.
 */
export type InputHandler<I> = (ctx: QueryContext & { input: I }) => Promise<void>
