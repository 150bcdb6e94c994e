import { describe, z } from '@shopwright/core'
import { ChooseBody, GenerateQuery, ServeQuery, SvgBody, UploadQuery } from './images/routes.js'
import { UpdateBody } from './profile/changes.js'
import { BlockBody } from './routes/block.js'
import { LoginBody } from './routes/login.js'
import { ResetBody, ResetEmailBody } from './routes/reset.js'
import { RegisterBody, VerifyBody } from './routes/signup.js'

/*
 * The answers of the account calls (account-answer.ts, routes/entity.ts, images/routes.ts,
 * profile/profile-answer.ts) and the descriptions of those calls: the OpenAPI document is built
 * from them, and the router checks each request against their params, query and body before the
 * handler, which reads them as `ctx.input` (docs/api.md, "Validation"). The body and query schemas
 * live beside their handlers.
 */

const preview = { type: z.string(), id: z.string(), email: z.string(), name: z.string() }
/** `account/get` (AccountAnswer). */
const account = {
  ...preview,
  color: z.string().nullable(),
  roles: z.array(z.string()),
  resetrequired: z.boolean(),
  resetexpired: z.literal(false),
  validresetcode: z.literal(false),
  imageversion: z.int(),
}
/** The reset screens' account (ResetEntity). */
const resetEntity = z.object({
  ...preview,
  resetrequired: z.boolean(),
  resetexpired: z.boolean(),
  validresetcode: z.boolean(),
})
/** An account's image (ImageAnswer). */
const image = z.object({
  type: z.string(),
  id: z.string(),
  version: z.int(),
  source: z.enum(['default', 'generated', 'upload', 'svg']),
  url: z.string(),
})
/** An address line as answered: lines keep whatever else the record holds. */
const addressLine = z
  .object({
    id: z.string(),
    address1: z.string(),
    address2: z.string(),
    region: z.string(),
    postalCode: z.string(),
    phone: z.string(),
    isResidential: z.boolean(),
    defaultShipping: z.boolean(),
    defaultBilling: z.boolean(),
  })
  .loose()
/** A saved card as answered (CardAnswer): the kept names and the specification's, masked. */
const cardLine = z.object({
  internalid: z.string(),
  ccname: z.string(),
  ccexpiredate: z.string(),
  paymentmethod: z.string(),
  ccnumber: z.string(),
  last4: z.string(),
  brand: z.string(),
  cardstate: z.string(),
  ccdefault: z.boolean(),
  id: z.string(),
  name: z.string(),
  number: z.string(),
  number_fmt: z.string(),
  expireDate: z.string(),
  paymentMethod: z.string(),
  default: z.boolean(),
})
/** `ns/profile/get` (ProfileAnswer). */
const profile = {
  firstname: z.string(),
  lastname: z.string(),
  companyname: z.string(),
  phone: z.string(),
  email: z.string(),
  pricelevel: z.object({ text: z.string(), value: z.int() }),
  creditlimit: z.number().nullable(),
  terms: z.string().nullable(),
  addressbook: z.array(addressLine),
  creditcards: z.array(cardLine),
  status: z.string().nullable(),
  verified: z.boolean(),
}
/** A list of the update's answer (UpdatedList). */
const updatedList = <T extends z.ZodType>(line: T) =>
  z.object({ list: z.array(line), newid: z.string().optional() })

const accountParams = z.object({ recordtype: z.string(), id: z.string() })
const ok = z.object({ ok: z.literal(true) })
const own = { rule: 'the account itself, or staff with edit on its type' }
const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']
const entity = describe({
  summary: 'The account a reset link names, for the reset screens',
  description: 'The e-mail, name and reset state only for the holder of a matching code.',
  access: 'anyone',
  params: accountParams,
  answer: resetEntity,
  errors: ['ERROR_RECORD_NOT_AVAILABLE'],
})

/** The descriptions of the account calls (index.ts), for the OpenAPI document. */
export const ACCOUNT_ROUTES = {
  login: describe({
    summary: 'Signs in: step 1 names the account, step 2 checks the password',
    description:
      'Step 2 sets the session cookie and answers the account with `admin`. A device blocked for ' +
      'the account is refused (403 ERROR_DEVICE_BLOCKED). Until release 0.3 the browser also sends ' +
      'a `Device-Previous` header, its fingerprint as made before issue 37 (same rule as Device; ' +
      'a malformed one is ignored): a block stored under it refuses the sign-in too, and with the ' +
      'right password is copied to the Device value (docs/security.md, "Device blocking").',
    access: 'anyone',
    body: LoginBody,
    answer: z.union([z.object(preview), z.object({ ...account, admin: z.boolean() })]),
    errors: [
      'ERROR_INPUT_VALUE_REQUIRED',
      'ERROR_INVALID_EMAIL',
      'ERROR_PASSWORD_VALUE_REQUIRED',
      'ERROR_EMAIL_NOT_FOUND',
      ['ERROR_ACCESS_DENIED', 401],
      'ERROR_ACCOUNT_RESET_REQUIRED',
      'ERROR_ACCOUNT_NOT_VERIFIED',
      'ERROR_DEVICE_BLOCKED',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
  logout: describe({
    summary: 'Ends the session and clears its cookie',
    access: 'anyone',
    answer: ok,
  }),
  get: describe({
    summary: 'The signed-in account',
    access: 'signed-in',
    answer: z.object(account),
  }),
  resetEmail: describe({
    summary: 'Sends a password reset e-mail, whether or not an account has the address',
    access: 'anyone',
    body: ResetEmailBody,
    answer: ok,
    errors: ['ERROR_INPUT_VALUE_REQUIRED', 'ERROR_INVALID_EMAIL', 'ERROR_TOO_MANY_REQUESTS'],
  }),
  signupForm: describe({
    summary: 'How sign-up works on this site, and a ticket for one sign-up form',
    description:
      'The ticket is the time the form was shown, signed: a sign-up sent sooner than 2 s after it is refused.',
    access: 'anyone',
    answer: z.object({ mode: z.enum(['open', 'verify', 'off']), ticket: z.string().nullable() }),
  }),
  register: describe({
    summary: 'Makes a customer account and mails its confirmation link',
    description:
      'Answers `{ ok: true }` whether or not the e-mail has an account; the mailbox is told which.',
    access: 'anyone',
    body: RegisterBody,
    answer: ok,
    errors: [
      'ERROR_SIGNUP_CLOSED',
      'ERROR_INVALID_EMAIL',
      'ERROR_INPUT_VALUE_REQUIRED',
      'ERROR_PASSWORD_TOO_SHORT',
      'ERROR_SIGNUP_CONSENT_REQUIRED',
      'ERROR_SIGNUP_FORM_EXPIRED',
      'ERROR_SIGNUP_TOO_FAST',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
  verify: describe({
    summary: "Confirms an account's e-mail with the code of its link, and signs the holder in",
    access: { rule: 'the holder of a valid confirmation code' },
    body: VerifyBody,
    answer: z.object({ ...account, verified: z.literal(true), signedin: z.boolean() }),
    errors: ['ERROR_ACCOUNT_VERIFY_INVALID'],
  }),
  verifyResend: describe({
    summary: 'Mails a new confirmation link to the signed-in account, when it has not confirmed',
    access: 'signed-in',
    body: z.strictObject({}),
    answer: ok,
    errors: ['ERROR_NOT_SIGNED_IN', 'ERROR_SIGNUP_CLOSED', 'ERROR_TOO_MANY_REQUESTS'],
  }),
  entity,
  entityCode: describe({
    ...entity,
    params: accountParams.extend({ code: z.string() }),
  }),
  reset: describe({
    summary: 'Sets a new password with a reset code; every session of the account ends',
    access: { rule: 'the holder of a valid reset code' },
    params: accountParams.extend({ code: z.string() }),
    body: ResetBody,
    answer: z.object({ ok: z.literal(true), resetrequired: z.literal(false) }),
    errors: [
      'ERROR_ACCESS_DENIED',
      'ERROR_ACCOUNT_RESET_EXPIRED',
      'ERROR_PASSWORD_VALUE_REQUIRED',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
  block: describe({
    summary: 'Blocks the device of a reset e-mail from signing in to the account',
    access: { rule: 'the holder of the block link’s code' },
    params: accountParams,
    body: BlockBody,
    answer: ok,
    errors: ['ERROR_ACCESS_DENIED', 'ERROR_TOO_MANY_REQUESTS'],
  }),
  imageGet: describe({
    summary: "The account's image or its generated icon",
    access: 'anyone',
    params: z.object({ type: z.string(), id: z.string() }),
    query: ServeQuery,
    answer: { file: ['image/webp', 'image/svg+xml'] },
    errors: ['ERROR_INVALID_INTEGER', 'ERROR_IMAGE_NOT_AVAILABLE'],
  }),
  imageGenerate: describe({
    summary: 'Fresh generated icons to choose from',
    access: 'signed-in',
    query: GenerateQuery,
    answer: z.object({ images: z.array(z.object({ seed: z.string(), svg: z.string() })) }),
    errors: ['ERROR_INVALID_INTEGER'],
  }),
  imageDescribe: describe({
    summary: "An account's image: its source, version and address",
    access: own,
    params: accountParams,
    answer: image,
    errors: ['ERROR_NOT_SIGNED_IN', 'ERROR_ACCESS_DENIED', 'ERROR_IMAGE_NOT_AVAILABLE'],
  }),
  imageChoose: describe({
    summary: "Sets an account's image to a generated icon, or back to its default",
    access: own,
    params: accountParams,
    body: ChooseBody,
    answer: image,
    errors: [
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
      'ERROR_IMAGE_NOT_AVAILABLE',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
  imageUpload: describe({
    summary: "The signed-in account's new image: the raw file, or `?type=svg` with `{ svg }`",
    access: 'signed-in',
    query: UploadQuery,
    body: SvgBody,
    upload: imageTypes,
    answer: image,
    errors: [
      'ERROR_IMAGE_TYPE',
      'ERROR_BODY_TOO_LARGE',
      'ERROR_JSON_BODY',
      'ERROR_UNSUPPORTED_MEDIA_TYPE',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
  profileGet: describe({
    summary: "The signed-in account's profile (cards masked, no tokens)",
    access: 'signed-in',
    answer: z.object(profile),
  }),
  profileUpdate: describe({
    summary: "Changes, adds or deletes the caller's address and card lines",
    access: 'signed-in',
    body: UpdateBody,
    answer: z.object({
      ...profile,
      addressbook: updatedList(addressLine),
      creditcards: updatedList(cardLine),
      newid: z.object({ addressbook: z.string().optional(), creditcards: z.string().optional() }),
    }),
    errors: ['ERROR_ADDRESS_NOT_AVAILABLE', 'ERROR_CREDITCARD_NOT_AVAILABLE'],
  }),
}
