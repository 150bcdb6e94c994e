/**
 * A payment gateway for fault tests (README, "Checkout under failure"). Every charge and refund is
 * appended as one JSON line to a file of this process's own in `dir` (`payments-<pid>.jsonl`), so
 * that several nodes, and the test reading their books afterwards, share one gateway, and a process
 * killed mid-call loses nothing the gateway did. It behaves as a real gateway does: a repeated
 * charge key answers the first charge (whichever process made it), a repeated refund key the first
 * refund, and refunds past what was charged are refused.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createError } from '@shopwright/core'
import {
  checkCard,
  type CardInput,
  type CardToken,
  type ChargeRequest,
  type PaymentProvider,
  type RefundRequest,
  refundAmount,
} from '../server/payment/providers.js'

/** One line of the gateway's book. */
export interface PaymentEntry {
  op: 'charge' | 'refund'
  /** The request's idempotency key. */
  key: string
  charge: string
  /** Minor units. */
  amount: number
  currency: string
  pid: number
  at: number
}

/** Every entry the processes writing to `dir` appended, in no particular order across files. */
export function readPayments(dir: string): PaymentEntry[] {
  if (!fs.existsSync(dir)) return []
  const entries: PaymentEntry[] = []
  for (const name of fs.readdirSync(dir)) {
    if (!/^payments-\d+\.jsonl$/.test(name)) continue
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line.trim()) continue
      try {
        entries.push(JSON.parse(line) as PaymentEntry)
      } catch {
        // A line torn by a process killed while appending: the gateway never answered it.
      }
    }
  }
  return entries
}

export class RecordingPaymentProvider implements PaymentProvider {
  private readonly file: string
  /** While true, refunds fail as a gateway that does not answer (this process's calls only). */
  failRefunds = false

  constructor(
    readonly dir: string,
    readonly id = 'recording',
  ) {
    fs.mkdirSync(dir, { recursive: true })
    this.file = path.join(dir, `payments-${process.pid}.jsonl`)
  }

  async tokenize(card: CardInput): Promise<CardToken> {
    const digits = checkCard(card)
    const decline = digits.endsWith('0002') ? 'decline_' : ''
    return {
      token: `tok_rec_${decline}${crypto.randomBytes(8).toString('hex')}`,
      brand: 'Visa',
      last4: digits.slice(-4),
    }
  }

  async charge(request: ChargeRequest): Promise<string> {
    if (!request.token.startsWith('tok_') || request.token.startsWith('tok_rec_decline_'))
      throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the recording gateway declined' })
    const first = await this.lookup(request.key)
    if (first) return first
    const charge = `ch_rec_${crypto.createHash('sha256').update(request.key).digest('hex').slice(0, 24)}`
    this.append({
      op: 'charge',
      key: request.key,
      charge,
      amount: request.amount,
      currency: request.currency,
    })
    return charge
  }

  async lookup(key: string): Promise<string | null> {
    return (
      readPayments(this.dir).find((entry) => entry.op === 'charge' && entry.key === key)?.charge ??
      null
    )
  }

  async refund(request: RefundRequest): Promise<void> {
    if (this.failRefunds) throw new Error('the recording gateway did not answer (fault test)')
    const book = readPayments(this.dir)
    const charged = book.find((entry) => entry.op === 'charge' && entry.charge === request.charge)
    if (!charged) throw createError('ERROR_PAYMENT_DECLINED', { reason: 'no such charge' })
    const refunds = book.filter((entry) => entry.op === 'refund' && entry.charge === request.charge)
    if (refunds.some((entry) => entry.key === request.key)) return
    this.append({
      op: 'refund',
      key: request.key,
      charge: request.charge,
      amount: refundAmount(
        charged.amount,
        refunds.map((entry) => entry.amount),
        request.amount,
      ),
      currency: charged.currency,
    })
  }

  /** One line, written whole with one append: what the gateway did, before it answers. */
  private append(entry: Omit<PaymentEntry, 'pid' | 'at'>): void {
    fs.appendFileSync(
      this.file,
      `${JSON.stringify({ ...entry, pid: process.pid, at: Date.now() })}\n`,
    )
  }
}
