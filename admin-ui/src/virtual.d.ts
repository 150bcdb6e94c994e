declare module 'virtual:shopwright-panels' {
  import type { AdminModule } from './registry/index.js'
  const modules: AdminModule[]
  export default modules
}
