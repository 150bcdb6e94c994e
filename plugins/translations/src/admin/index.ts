import { defineAdmin } from '@shopwright/admin-ui/registry'

/** The translation screens: being written (see /tmp/admin-index-planned.ts for the plan). */
export default defineAdmin({ plugin: 'translations', panels: [] })
