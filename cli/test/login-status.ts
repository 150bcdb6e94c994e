import { loadConfig } from '@shopwright/core'
import { inject } from '@shopwright/core/testing'
import { bootWith } from '../src/boot.js'

/**
 * The status of `POST /query/account/login` on the project's site in `cwd` (with `env`: its
 * DATABASE_URL), booted in this process.
 */
export async function loginStatus(
  cwd: string,
  email: string,
  password: string,
  env: Record<string, string> = {},
): Promise<number> {
  const config = await loadConfig({ cwd, env: { LOG_LEVEL: 'silent', ...env } })
  const kernel = await bootWith(config, { logTo: 'stderr' })
  try {
    const reply = await inject(kernel, {
      method: 'POST',
      url: '/query/account/login',
      payload: { email, password },
    })
    return reply.statusCode
  } finally {
    await kernel.close()
  }
}
