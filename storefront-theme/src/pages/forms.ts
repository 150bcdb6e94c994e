/** The chunk of the sign-in screens and the locale page: forms most visits never open. */
export { Login } from './Login.js'
export { Reset } from './Reset.js'
export { Block } from './Block.js'
export { Locale } from './Locale.js'
export { Register } from './Register.js'
export { Verify } from './Verify.js'
