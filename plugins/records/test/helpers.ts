import { type Kernel } from '@shopwright/core'
import { inject, type TestRequest } from '@shopwright/core/testing'

let counter = 0

/** Creates a staff account with the roles and signs it in through /query/account/login; answers its cookie header. */
export async function signIn(kernel: Kernel, roles: string[]): Promise<Record<string, string>> {
  counter += 1
  const email = `staff${counter}-${roles.join('-') || 'none'}@example.com`.toLowerCase()
  await kernel.services.accounts.addAccount({
    email,
    password: 'correct-horse-1',
    roles,
    name: `Staff ${counter}`,
  })
  const res = await inject(kernel, {
    method: 'POST',
    url: '/query/account/login',
    payload: { email, password: 'correct-horse-1' },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  const cookie = res.cookies.find((item) => item.name === 'sw_session')
  if (!cookie) throw new Error('sign-in set no sw_session cookie')
  return { cookie: `sw_session=${cookie.value}` }
}

/** A request as a signed-in caller (headers from signIn) or anonymously (undefined). */
export function as(kernel: Kernel, headers: Record<string, string> | undefined) {
  return async (request: TestRequest) => {
    const res = await inject(kernel, { ...request, headers: { ...request.headers, ...headers } })
    return {
      status: res.statusCode,
      body: res.body
        ? (JSON.parse(res.body) as Record<string, unknown> & { message?: string })
        : {},
    }
  }
}
