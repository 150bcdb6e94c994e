/**
 * The profile's shapes come from the account plugin, which answers them: types only, so nothing
 * of the server is bundled into the browser.
 */
export type {
  AddressAnswer,
  AddressLine,
  CardAnswer as CardLine,
  ProfileAnswer,
  UpdateAnswer,
} from '@shopwright/plugin-account'
