import { definePlugin, type ErrorCodesOf, asFunction } from '@shopwright/core'
import { migrations } from './server/migrations.js'
import { ACCOUNT_TYPES, AccountService } from './server/account-service.js'
import { AccountAuthenticator } from './server/account-authenticator.js'
import { SESSION_CACHE, type SessionStore } from './server/sessions.js'
import { DatabaseSessions } from './server/session-stores/database-sessions.js'
import { RedisSessions } from './server/session-stores/redis-sessions.js'
import { RECORD_CHANGED } from '@shopwright/plugin-records'
import { LOGIN_LIMITS } from './server/login-limits.js'
import { login } from './server/routes/login.js'
import { logout } from './server/routes/logout.js'
import { getAccount } from './server/routes/get.js'
import { ResetStore } from './server/resets.js'
import { BlockedDevices } from './server/blocked-devices.js'
import { Mailer } from './server/mailer.js'
import { RESET_LIMITS } from './server/reset-limits.js'
import { BLOCK_LIMITS } from './server/block-limits.js'
import { defineLimits } from './server/limits.js'
import { siteOrigin } from './server/site-origin.js'
import { CardTokens } from './server/profile/card-tokens.js'
import { resetEmail, resetPassword } from './server/routes/reset.js'
import { resetEntity } from './server/routes/entity.js'
import { blockDevice } from './server/routes/block.js'
import { accountSeeds } from './seeds/index.js'
import { ACCOUNT_ERRORS } from './shared/errors.js'
import { ACCOUNT_SETTINGS } from './server/settings.js'
import { AccountGuard } from './server/account-guard.js'
import { AccountTypesGuard } from './server/account-types-guard.js'
import { getProfile, updateProfile } from './server/profile/routes.js'
import { AccountImages } from './server/images/account-images.js'
import { IMAGE_LIMITS } from './server/images/image-limits.js'
import {
  chooseImage,
  describeImage,
  generateImages,
  serveImage,
  signedInOnly,
  uploadImage,
} from './server/images/routes.js'
import { SECRET_ADDRESSES } from './server/secret-addresses.js'
import { ACCOUNT_ROUTES as DESCRIBED } from './server/route-schemas.js'
import { MailTemplates } from './server/mail/mail-templates.js'
import { MailQueue } from './server/mail/mail-queue.js'
import {
  BullMailWaker,
  LocalMailWaker,
  MAIL_SWEEP_MS,
  MAIL_SWEEP_TASK,
} from './server/mail/mail-delivery.js'
import { Verifications } from './server/signup/verifications.js'
import { FormTickets } from './server/signup/form-tickets.js'
import { Signups } from './server/signup/signups.js'
import { AccountProfiles } from './server/profile/account-profiles.js'
import { SIGNUP_LIMITS } from './server/signup/signup-limits.js'
import {
  register as registerAccount,
  resendVerification,
  signupForm,
  signupOpen,
  verify,
} from './server/routes/signup.js'

// The package's public surface: the plugin, the session cookie's name (part of its HTTP contract)
// and the types of its answers and services, for themes and other plugins. Everything else is
// internal; tests reach it through its own path.
export { SESSION_COOKIE } from './server/session-cookie.js'
export type { AccountService, AccountType } from './server/account-service.js'
export type { AccountAuthenticator, SignedIn } from './server/account-authenticator.js'
export type { AccountAnswer, AccountPreview, LoginAnswer } from './server/account-answer.js'
export type { ResetEntity } from './server/routes/entity.js'
export {
  toProfile,
  type ProfileAnswer,
  type CardAnswer,
  type AddressAnswer,
} from './server/profile/profile-answer.js'
export type { UpdateAnswer } from './server/profile/update-answer.js'
export type { AccountProfiles, CustomerTerms } from './server/profile/account-profiles.js'
export type { AddressLine, CardLine } from './server/profile/lines.js'
export type { ImageAnswer } from './server/images/routes.js'
// The card rules the profile checks, for a plugin that takes cards (commerce's checkout).
export { addressErrors, cardBrand, cardDigits, cardErrors } from './shared/profile-rules.js'
// The durable mail queue, for plugins that mail shoppers (commerce's order e-mails).
export type { MailQueue, QueuedMail } from './server/mail/mail-queue.js'
export type { MailContent, MailTemplate, MailTemplates } from './server/mail/mail-templates.js'
export type { MailMessage } from './server/mailer.js'
export { ACCOUNT_VERIFIED, type AccountVerified } from './server/signup/signups.js'

declare module '@shopwright/core' {
  // This plugin's error codes: createError accepts them wherever this package's types are seen.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof ACCOUNT_ERRORS> {}
  interface Services {
    accounts: AccountService
    cardTokens: CardTokens
    mailQueue: MailQueue
    /** The e-mails plugins send, by name, with a theme's own in their place (docs/themes.md). */
    mailTemplates: MailTemplates
    /** A customer's profile as shown: saved cards held back until a confirmed e-mail (verify mode). */
    accountProfiles: AccountProfiles
  }
  /** This plugin's own services: its container only (docs/plugins.md, "Services"). */
  interface PluginInternals {
    sessionStore: SessionStore
    accountAuthenticator: AccountAuthenticator
    resets: ResetStore
    blockedDevices: BlockedDevices
    mailer: Mailer
    accountImages: AccountImages
    accountGuard: AccountGuard
    signups: Signups
    formTickets: FormTickets
  }
}

/** The account plugin: sign-in accounts of the customer and employee record types, and their sessions. */
export default definePlugin({
  name: 'account',
  // Reset links carry their code in the path: the process log writes it [REDACTED] (block links
  // carry theirs as ?code=, which core redacts for every address).
  secretAddresses: SECRET_ADDRESSES,
  dependsOn: ['records'],
  // What core, the CLI, commerce and themes use; sessions, resets, sign-ups and the mailer stay in
  // this plugin's container (docs/plugins.md, "Services").
  provides: [
    'authenticator',
    'accounts',
    'cardTokens',
    'mailQueue',
    'mailTemplates',
    'accountProfiles',
  ],
  requires: ['records', 'recordGuards', 'seedWriter'],
  settings: ACCOUNT_SETTINGS,
  errors: ACCOUNT_ERRORS,
  // `account`: the role every signed-in account has, full on its own account. `people`: who keeps
  // the accounts of others (docs/security.md).
  security: {
    account: { name: 'Account', access: { account: 'all' } },
    people: {
      name: 'People',
      access: { allmanagers: 'all', support: ['view', 'edit'], office: ['view'] },
    },
  },
  migrations,
  seeds: accountSeeds,
  register({ container, config, settings, logger }) {
    // Checked at start-up: a production site that mails links must say where it lives.
    siteOrigin({ ...config, ...settings })
    container.register({
      accounts: asFunction(
        ({ db, records, seedWriter }) => new AccountService(db, records, seedWriter!),
      ).singleton(),
      // With Redis configured, sessions live there (every node shares it, and it expires them
      // itself); without it, in the database. Either way no session lives in process memory.
      sessionStore: asFunction(({ db, cache, redis }): SessionStore =>
        redis ? new RedisSessions(redis, cache) : new DatabaseSessions(db, cache),
      ).singleton(),
      accountAuthenticator: asFunction(
        ({ sessionStore, records, cache }) =>
          new AccountAuthenticator(sessionStore, records, cache),
      ).singleton(),
      resets: asFunction(({ db }) => new ResetStore(db)).singleton(),
      blockedDevices: asFunction(({ db }) => new BlockedDevices(db)).singleton(),
      mailer: asFunction(
        ({ config, meters }) =>
          new Mailer({ ...config, smtpUrl: settings.smtpUrl }, logger, meters),
      ).singleton(),
      accountGuard: asFunction(
        ({ sessionStore }) => new AccountGuard(sessionStore, logger),
      ).singleton(),
      cardTokens: asFunction(({ db }) => new CardTokens(db)).singleton(),
      mailQueue: asFunction(({ db, mailer }) => new MailQueue(db, mailer, logger)).singleton(),
      mailTemplates: asFunction(
        () => new MailTemplates(siteOrigin({ ...config, ...settings }), logger),
      ).singleton(),
      formTickets: asFunction(({ db }) => new FormTickets(db)).singleton(),
      accountProfiles: asFunction(
        ({ accounts }) => new AccountProfiles(accounts, settings.signup),
      ).singleton(),
      signups: asFunction(
        ({ db, accounts, records, mailQueue, events }) =>
          new Signups(
            db,
            accounts,
            records,
            new Verifications(db),
            mailQueue,
            events,
            siteOrigin({ ...config, ...settings }),
            logger,
          ),
      ).singleton(),
      accountImages: asFunction(
        ({ db, records }) => new AccountImages(db, records, logger),
      ).singleton(),
      // The kernel's key for "who is signed in": the same instance under the name core knows.
      authenticator: asFunction(({ accountAuthenticator }) => accountAuthenticator).singleton(),
    })
    defineLimits(
      container.cradle.limiter,
      LOGIN_LIMITS,
      RESET_LIMITS,
      IMAGE_LIMITS,
      BLOCK_LIMITS,
      SIGNUP_LIMITS,
    )
  },
  async bootstrap({ services, config, settings }) {
    // An SMTP_URL that nodemailer cannot read stops the boot, as it did when nodemailer loaded at
    // start; without one, nodemailer waits for the first message written to the outbox.
    if (settings.smtpUrl) await services.mailer.ready()
    // Mail goes out from a BullMQ job per message with Redis (any node sends it, once), else from
    // this process; the sweep sends what a failure or a lost wake left (docs/operations.md, "E-mail").
    const { mailQueue, logger } = services
    const waker = config.redisUrl
      ? await BullMailWaker.start(mailQueue, config.redisUrl, config.redisPrefix, logger)
      : new LocalMailWaker(mailQueue, logger)
    mailQueue.useWaker(waker)
    services.schedule.every(MAIL_SWEEP_TASK, MAIL_SWEEP_MS, async () => {
      await mailQueue.wake(await mailQueue.due())
      await mailQueue.prune()
    })
    // Staff edit accounts through the record calls too: the guard keeps credentials and sessions
    // in line with those writes.
    services.recordGuards.add(ACCOUNT_TYPES, services.accountGuard)
    // People's records keep no versions: a history would keep what they asked to change or erase.
    services.recordHistory.keepNone(ACCOUNT_TYPES)
    services.recordGuards.add(['recordtype'], new AccountTypesGuard())
    // A changed, renamed or binned account record drops every cached session (on every node, as
    // cache clears travel), so roles and sign-in rights change at once.
    services.events.on<{ type: string }>(RECORD_CHANGED, async ({ type }) => {
      if ((ACCOUNT_TYPES as readonly string[]).includes(type))
        await services.cache.clear(SESSION_CACHE)
    })
  },
  // Sends in flight finish (or lapse to another node); the BullMQ worker's connections close.
  async destroy({ services }) {
    await services.mailQueue.close()
  },
  routes(router, { services, config, settings }) {
    const origin = siteOrigin({ ...config, ...settings })
    // Named, not spread: spreading `services` would build every service this container sees.
    const { accounts, sessionStore, limiter, logger, db, resets, mailQueue } = services
    const { blockedDevices, access, signups, formTickets, accountAuthenticator } = services
    router.post(
      '/account/login',
      DESCRIBED.login,
      login({
        accounts,
        sessionStore,
        limiter,
        blockedDevices,
        access,
        signupMode: settings.signup,
      }),
    )
    router.post('/account/logout', DESCRIBED.logout, logout(services))
    router.get('/account/get', DESCRIBED.get, getAccount(services))
    const reset = { logger, accounts, sessionStore, limiter, db, resets, mailQueue, origin }
    router.post('/account/resetemail', DESCRIBED.resetEmail, resetEmail(reset))
    router.get('/account/entity/:recordtype/:id', DESCRIBED.entity, resetEntity(services))
    router.get('/account/entity/:recordtype/:id/:code', DESCRIBED.entityCode, resetEntity(services))
    router.post('/account/reset/:recordtype/:id/:code', DESCRIBED.reset, resetPassword(reset))
    router.post('/account/block/:recordtype/:id', DESCRIBED.block, blockDevice(services))
    const signup = {
      mode: settings.signup,
      signups,
      formTickets,
      limiter,
      sessionStore,
      accountAuthenticator,
      logger,
    }
    router.get('/account/signup', DESCRIBED.signupForm, signupForm(signup))
    // The sign-up guard answers before the router checks the body, as the calls did themselves.
    const open = signupOpen(settings.signup)
    router.post('/account/register', DESCRIBED.register, open, registerAccount(signup))
    router.post('/account/verify', DESCRIBED.verify, verify(signup))
    router.post('/account/verify/resend', DESCRIBED.verifyResend, open, resendVerification(signup))
    router.get('/account/image/get/:type/:id', DESCRIBED.imageGet, serveImage(services))
    const signedIn = signedInOnly(services)
    router.get('/account/image/generate', DESCRIBED.imageGenerate, signedIn, generateImages())
    router.get('/account/image/:recordtype/:id', DESCRIBED.imageDescribe, describeImage(services))
    router.post('/account/image/:recordtype/:id', DESCRIBED.imageChoose, chooseImage(services))
    router.upload('/account/image/upload', DESCRIBED.imageUpload, signedIn, uploadImage(services))
    router.get('/ns/profile/get', DESCRIBED.profileGet, getProfile(services))
    router.post('/ns/profile/update', DESCRIBED.profileUpdate, updateProfile(services))
  },
})
