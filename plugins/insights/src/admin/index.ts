import { defineAdmin } from '@shopwright/admin-ui/registry'

export default defineAdmin({ plugin: 'insights', panels: [] })
