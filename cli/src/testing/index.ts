/** Helpers for suites that run the real `shopwright` command (the CLI's own tests, the browser suite). */
export * from './processes.js'
export * from './chromium.js'
export * from './login-form.js'
export * from './zip-bomb.js'
export * from './prebuilt-mirror.js'
export * from './pack-workspaces.js'
