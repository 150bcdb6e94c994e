/**
 * The account plugin's browser-safe part (`@shopwright/plugin-account/shared`): its error codes and
 * the rules of the account area's address and card forms, which a theme's screens check before
 * sending and the server checks again, and how an account's initials are made.
 */
export * from './errors.js'
export * from './profile-rules.js'
export * from './postal-codes.js'
export * from './initials.js'
