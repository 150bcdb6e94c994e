/**
 * What a customer's profile shows, for the profile calls and for other plugins (commerce's shop
 * context): with ACCOUNT_SIGNUP=verify, saved cards wait for the confirmed e-mail (docs/security.md,
 * "Sign-up"), wherever the profile is read.
 */
import type { RecordData } from '@shopwright/core'
import type { AccountService } from '../account-service.js'
import { cardLinesOf } from './lines.js'
import { toProfile, type ProfileAnswer } from './profile-answer.js'

/** What other plugins read of a customer: the profile without its confirmation state. */
export type CustomerTerms = Omit<ProfileAnswer, 'verified'>

export interface ProfileState {
  verified: boolean
  holdCards: boolean
}

export class AccountProfiles {
  constructor(
    private readonly accounts: Pick<AccountService, 'isVerified'>,
    /** ACCOUNT_SIGNUP. */
    private readonly signupMode: 'open' | 'verify' | 'off',
  ) {}

  /** The account's confirmation state, and whether its saved cards are held back until it confirms. */
  async state(record: { type: string; id: string }): Promise<ProfileState> {
    const verified = await this.accounts.isVerified(record.type, record.id)
    return { verified, holdCards: !verified && this.signupMode === 'verify' }
  }

  /** The profile of an account record, its saved cards held back while they wait. */
  async of(record: RecordData): Promise<ProfileAnswer> {
    // Cards are held only in verify mode: elsewhere the confirmation state changes nothing shown.
    if (this.signupMode !== 'verify') return toProfile(record)
    return toProfile(record, await this.state(record))
  }

  /**
   * A customer's terms, addresses and saved cards for another plugin (commerce's shop context, read
   * on every request of a signed-in shopper): the confirmation is read only when there are saved
   * cards it could hold back, so a request of a shopper without any costs no extra query. It says
   * nothing of the confirmation itself: that is the profile's (`of`).
   */
  async terms(record: RecordData): Promise<CustomerTerms> {
    const cards = this.signupMode === 'verify' && cardLinesOf(record.creditcards).length > 0
    const { verified: _verified, ...terms } = cards
      ? toProfile(record, await this.state(record))
      : toProfile(record)
    return terms
  }
}
