import { afterEach, describe, expect, it } from 'vitest'
import { asFunction, asValue } from 'awilix/browser'
import { z } from 'zod'
import {
  createError,
  createKernel,
  defineErrors,
  definePlugin,
  KernelError,
  type ErrorCodesOf,
  type Kernel,
  type PluginDefinition,
  type Services,
} from '../src/index.js'
import { isCodedError } from '../src/errors/coded-error.js'
import { inject, testConfig } from '../src/testing/index.js'

/** A service the greeter plugin provides. */
interface Greeter {
  greet(name: string): string
}

declare module '../src/index.js' {
  interface Services {
    greeter: Greeter
    /** The secretive plugin's internal. */
    greeting: string
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof GREETER_ERRORS> {}
}

const GREETER_ERRORS = defineErrors({
  ERROR_GREETING_REFUSED: { message: 'No greeting for {0}.', status: 422 },
})

const greeter = definePlugin({
  name: 'greeter',
  provides: ['greeter'],
  errors: GREETER_ERRORS,
  settings: { greeting: { env: 'GREETING', schema: z.string().min(1).default('Hello') } },
  register({ container, settings }) {
    container.register({
      greeter: asValue({ greet: (name: string) => `${settings.greeting}, ${name}` }),
    })
  },
  routes(router, { services }) {
    router.get('/greet/:name', (ctx) => {
      if (ctx.params.name === 'nobody')
        throw createError('ERROR_GREETING_REFUSED', { values: [ctx.params.name] })
      ctx.body = { text: services.greeter.greet(ctx.params.name ?? '') }
    })
  },
})

/** Needs the greeter, and asks for a service nobody provides without failing. */
const visitor = definePlugin({
  name: 'visitor',
  requires: ['greeter'],
  bootstrap({ optional }) {
    expect(optional('authenticator')).toBeUndefined()
    expect(optional('greeter')?.greet('x')).toMatch(/, x$/)
  },
})

let kernel: Kernel | undefined
afterEach(async () => {
  await kernel?.close()
  kernel = undefined
})

const boot = (plugins: PluginDefinition[], overrides = {}, env: NodeJS.ProcessEnv = {}) =>
  createKernel({ config: testConfig(overrides), plugins, env })

const refusal = async (plugins: PluginDefinition[], overrides = {}, env = {}) => {
  const error = await boot(plugins, overrides, env).then(
    (booted) => {
      kernel = booted
      throw new Error('booted')
    },
    (failure: unknown) => failure,
  )
  expect(isCodedError(error)).toBe(true)
  return error as KernelError
}

describe('the plugin contract', () => {
  it('gives a plugin its settings, its service and its error codes', async () => {
    kernel = await boot([greeter, visitor], {}, { GREETING: 'Bonjour' })
    expect(kernel.services.greeter.greet('Ada')).toBe('Bonjour, Ada')
    expect(kernel.optional('greeter')).toBeDefined()
    const refused = await inject(kernel, { url: '/query/greet/nobody' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({
      ok: false,
      message: 'ERROR_GREETING_REFUSED',
      values: ['nobody'],
    })
    expect(createError('ERROR_GREETING_REFUSED', { values: ['x'] }).message).toBe(
      'No greeting for x.',
    )
  })

  it('stops the boot when a required service has no provider, naming the plugin', async () => {
    const error = await refusal([visitor])
    expect(error.code).toBe('SW_SERVICE_MISSING')
    expect(error.message).toMatch(/plugin "visitor" requires the service "greeter"/)
  })

  it('stops the boot when two plugins provide one service or declare one code', async () => {
    const twin = { ...greeter, name: 'twin', settings: {} } as PluginDefinition
    expect((await refusal([greeter, { ...twin, errors: {} }])).code).toBe('SW_SERVICE_CLASH')
    const clash = await refusal([greeter, { ...twin, provides: [] }])
    expect(clash.code).toBe('SW_ERROR_CODE_CLASH')
    expect(clash.message).toMatch(
      /plugins "greeter" and "twin" both declare ERROR_GREETING_REFUSED/,
    )
  })

  it('stops the boot when a plugin does not register what it provides', async () => {
    const liar = definePlugin({ name: 'liar', provides: ['greeter'] })
    const error = await refusal([liar])
    expect(error.code).toBe('SW_PLUGIN_INVALID')
    expect(error.message).toMatch(/declares it provides "greeter" but did not register it/)
  })

  it("stops the boot when register() resolves another plugin's service; core's and later uses are fine", async () => {
    // Listed after the greeter, so the greeter is registered: resolving it early is still refused.
    for (const resolve of [
      (container: { resolve(key: 'greeter'): Greeter }) => container.resolve('greeter'),
      (container: { cradle: { greeter: Greeter } }) => container.cradle.greeter,
    ]) {
      const early = definePlugin({
        name: 'early',
        requires: ['greeter'],
        register({ container }) {
          resolve(container as never)
        },
      })
      const error = await refusal([greeter, early])
      expect(error.code).toBe('SW_PLUGIN_INVALID')
      expect(error.message).toMatch(
        /plugin "early" resolved the service "greeter" in register\(\): use it from bootstrap\(\)/,
      )
    }
    // Core's services in register(), and the same container kept for later: both work.
    let kept: { resolve(key: 'greeter'): Greeter } | undefined
    const patient = definePlugin({
      name: 'patient',
      requires: ['greeter'],
      register({ container }) {
        expect(container.cradle.limiter).toBeDefined()
        expect(container.resolve('db')).toBeDefined()
        kept = container
      },
      bootstrap() {
        expect(kept!.resolve('greeter').greet('Ada')).toBe('Hello, Ada')
      },
    })
    kernel = await boot([greeter, patient])
    expect(kept!.resolve('greeter').greet('Bob')).toBe('Hello, Bob')
  })

  it("keeps a plugin's internals in its own container; what it provides is everyone's", async () => {
    // The greeter's text lives in an internal the greeter's own service and hooks use.
    const secretive = definePlugin({
      name: 'secretive',
      provides: ['greeter'],
      register({ container }) {
        container.register({
          greeting: asValue('Hi'),
          greeter: asFunction(({ greeting }: Services) => ({
            greet: (name: string) => `${greeting}, ${name}`,
          })).singleton(),
        })
      },
      bootstrap({ services, optional }) {
        expect(services.greeting).toBe('Hi')
        expect(optional('greeting')).toBe('Hi')
      },
    })
    let refusal: unknown
    const prying = definePlugin({
      name: 'prying',
      requires: ['greeter'],
      bootstrap({ services, optional }) {
        expect(services.greeter.greet('Ada')).toBe('Hi, Ada')
        expect(optional('greeting')).toBeUndefined()
        try {
          void services.greeting
        } catch (error) {
          refusal = error
        }
      },
    })
    // Listed first: started after the greeter all the same, as it requires its service.
    kernel = await boot([prying, secretive])
    expect(kernel.plugins.map((plugin) => plugin.name)).toEqual(['secretive', 'prying'])
    expect((refusal as KernelError).code).toBe('SW_SERVICE_MISSING')
    expect((refusal as KernelError).message).toMatch(
      /"greeting" is internal to plugin "secretive" \(not in its provides\)/,
    )
    expect(kernel.services.greeter).toBe(kernel.containerOf('secretive').resolve('greeter'))
    expect(() => kernel!.container.resolve('greeting')).toThrow(/internal to plugin/)
    expect(kernel.optional('greeting')).toBeUndefined()
    expect(kernel.containerOf('secretive').resolve('greeting')).toBe('Hi')
  })

  it('refuses a bad setting and a config key nobody claims, naming what to fix', async () => {
    const bad = await refusal([greeter], { settings: { greeting: '' } })
    expect(bad.code).toBe('SW_CONFIG_INVALID')
    expect(bad.message).toMatch(/greeting/)
    const typo = await refusal([greeter], {
      settings: { greting: 'Hi' },
      settingSources: { greting: 'shopwright.config.json: greting' },
    })
    expect(typo.message).toMatch(/shopwright.config.json: greting is not a known setting/)
  })

  it("refuses error codes that are not the catalogue's shape or redefine core's", async () => {
    const declaring = (errors: Record<string, { message: string; status: number }>) =>
      definePlugin({ name: 'odd', errors })
    const shape = await refusal([declaring({ NOT_A_CODE: { message: 'x', status: 400 } })])
    expect(shape.message).toMatch(/plugin "odd": error code "NOT_A_CODE" must be ERROR_/)
    const core = await refusal([declaring({ ERROR_ACCESS_DENIED: { message: 'x', status: 403 } })])
    expect(core.message).toMatch(/core's own/)
    const status = await refusal([declaring({ ERROR_ODD_STATUS: { message: 'x', status: 200 } })])
    expect(status.message).toMatch(/from 400 to 599/)
  })

  it('makes boot errors and request errors with the one factory', () => {
    const boot = createError('SW_KERNEL_STATE', { message: 'already listening' })
    expect(boot).toBeInstanceOf(KernelError)
    expect(boot.expose).toBe(false)
    expect(boot.message).toBe('SW_KERNEL_STATE: already listening')
    const request = createError('ERROR_ACCESS_DENIED')
    expect(request.expose).toBe(true)
    expect(request.status).toBe(403)
  })
})
