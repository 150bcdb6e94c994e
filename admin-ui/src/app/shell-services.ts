import { createContext, useContext } from 'react'
import { SHELL_SERVICES, type AdminModule, type ShellService } from '../registry/index.js'

/** The services the shell uses, each from the one module that provides it, or none. */
export type ShellServices = { [K in ShellService]?: NonNullable<AdminModule[K]> }

/** A service that more than one module provides: the shell uses neither and says so. */
export interface ServiceConflict {
  service: ShellService
  plugins: string[]
}

/**
 * Picks each service from the modules. One provider is used; none leaves the service out (the
 * shell then does without, or says it cannot); two or more are a conflict. The shell never picks
 * one of several by order: the build's order is the packages' names, which says nothing about
 * which plugin the site meant to sign in with.
 */
export function chooseServices(modules: readonly AdminModule[]): {
  services: ShellServices
  conflicts: ServiceConflict[]
} {
  const services: ShellServices = {}
  const conflicts: ServiceConflict[] = []
  for (const service of SHELL_SERVICES) {
    const providers = modules.filter((module) => module[service] !== undefined)
    if (providers.length > 1)
      conflicts.push({ service, plugins: providers.map((module) => module.plugin) })
    else if (providers.length === 1) Object.assign(services, { [service]: providers[0]![service] })
  }
  return { services, conflicts }
}

export const ShellServicesContext = createContext<ShellServices>({})

/** The services the running plugins provide the shell (none outside the app: a panel's own tests). */
export function useShellServices(): ShellServices {
  return useContext(ShellServicesContext)
}
