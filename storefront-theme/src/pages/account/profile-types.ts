/**
 * The profile's shapes come from the account plugin, which answers them: types only, so nothing
 * of the server is bundled into the browser.
 */
export type { AddressLine, CardAnswer as CardLine, ProfileAnswer } from '@shopwright/plugin-account'
