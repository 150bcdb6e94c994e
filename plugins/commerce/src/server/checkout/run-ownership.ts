/**
 * Who drives a checkout run (README, "Runs, owners and the resolver"): claiming the idempotency
 * key and the cart for a new run, and the run's own failure path, which resolves it as its owner
 * would any other resolver (resolver.ts).
 */
import { AppError, createError } from '@shopwright/core'
import { inProgress, RunLost, UNDER_WAY, type PlacedOrder, type Run } from './attempts.js'
import type { CheckoutParts } from './checkout.js'

type Owners = Pick<CheckoutParts, 'attempts' | 'resolver'>

function isInProgress(error: unknown): boolean {
  return error instanceof AppError && error.code === 'ERROR_CHECKOUT_IN_PROGRESS'
}

/** Refusals that are not the shopper's: the same request may succeed when sent again. */
const NOT_REFUSALS = new Set(['ERROR_WRITE_CONFLICT', 'ERROR_CHECKOUT_IN_PROGRESS'])

/** True when a run ended on the shopper's refusal (a replay answers it), not on a failure. */
function refusalOf(error: unknown): AppError | undefined {
  return error instanceof AppError &&
    error.status >= 400 &&
    error.status < 500 &&
    !NOT_REFUSALS.has(error.code)
    ? error
    : undefined
}

/**
 * Claims the key for a new run, or answers what its run ended with (its order; its refusal is
 * thrown). A run left under way by a failure is resolved first when its owner is gone.
 */
export async function claimRun(
  { attempts, resolver }: Owners,
  cart: string,
  key: string,
  fingerprint: string,
): Promise<{ run: Run } | { replay: PlacedOrder }> {
  // Insert first: a new key (nearly every request) costs no read before it.
  let claimed = await attempts.insert(cart, key, fingerprint)
  for (let round = 0; 'row' in claimed; round++) {
    const { row } = claimed
    if (row.fingerprint !== fingerprint) throw createError('ERROR_IDEMPOTENCY_KEY_REUSED')
    const answer = attempts.answerOf(row)
    if (answer) return { replay: answer }
    if (round === 3) throw inProgress(row.lease_until)
    let run: Run | null = null
    if (row.state === 'released') run = await attempts.rerun(row)
    else {
      // Under way: its order if it placed one, else resolved (then run again) or 409.
      const order = await resolver.resolve(row)
      if (order) return { replay: order }
    }
    if (run) claimed = { run }
    else {
      const now = await attempts.read(cart, key)
      claimed = now ? { row: now } : await attempts.insert(cart, key, fingerprint)
    }
  }
  const { run } = claimed
  try {
    await holdCart({ attempts, resolver }, run)
  } catch (error) {
    attempts.untrack(run)
    throw error
  }
  return { run }
}

/** One checkout of a cart at a time: a run another key left under way is resolved first. */
async function holdCart({ attempts, resolver }: Owners, run: Run): Promise<void> {
  let leaseUntil = 0
  for (let round = 0; round < 3; round++) {
    const holder = await attempts.lockCart(run)
    if (holder === null) return
    const other = holder ? await attempts.read(run.cart, holder) : undefined
    // A holder that ended but could not free the cart (its node died in between) frees it now.
    if (!other || !UNDER_WAY.includes(other.state)) {
      await attempts.unlockCart(run.cart, holder)
      continue
    }
    if (!attempts.resolvable(other)) {
      leaseUntil = other.lease_until
      break
    }
    await resolver.resolve(other).catch((error: unknown) => {
      if (!isInProgress(error)) throw error
    })
  }
  // Another run of the cart is under way: this one ends now, its key free to be sent again.
  await attempts.release(run)
  throw inProgress(leaseUntil)
}

/**
 * A run's failure path: resolves the run as its owner. The order the database holds after all
 * (a commit whose answer was lost) is the answer; otherwise the failure is, once the run ended.
 * When the database cannot say, the failure is answered and the run left to a resolver.
 */
export async function recoverRun(
  { resolver }: Pick<Owners, 'resolver'>,
  run: Run,
  error: unknown,
): Promise<PlacedOrder> {
  const refusal = refusalOf(error)
  let order: PlacedOrder | null
  try {
    order = await resolver.resolveKey(run.cart, run.key, {
      owner: run.owner,
      ...(refusal ? { refusal } : {}),
    })
  } catch (unresolved) {
    // Another node drives the run now: the key is to be sent again.
    if (error instanceof RunLost || isInProgress(unresolved)) throw inProgress()
    // The database cannot say: the failure is the answer, the run waits for its lease to lapse.
    throw error
  }
  if (order) return order
  // Taken over by a resolver that ended the run: the key is to be sent again.
  throw error instanceof RunLost ? inProgress() : error
}
