import type { Logger } from '@shopwright/core'
import type { MailQueue, MailWaker } from './mail-queue.js'

/** The name of the sweep task (docs/operations.md, "Scheduled work"). */
export const MAIL_SWEEP_TASK = 'account.mail'
/** How often the sweep sends what is due (a retry's wait passed, or a wake that was lost). */
export const MAIL_SWEEP_MS = 15_000

/**
 * Without Redis there is one node (docs/operations.md, "Several nodes"): a woken message is sent
 * from this process at once, and a failed one waits for the sweep. close() waits for sends in flight.
 */
export class LocalMailWaker implements MailWaker {
  private readonly inFlight = new Set<Promise<unknown>>()

  constructor(
    private readonly queue: MailQueue,
    private readonly logger: Logger,
  ) {}

  wake(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const sending = this.queue
        .send(id)
        .catch((error: unknown) => this.logger.warn({ err: error, mail: id }, 'mail: send failed'))
        .finally(() => this.inFlight.delete(sending))
      this.inFlight.add(sending)
    }
    return Promise.resolve()
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight])
  }
}

/**
 * With Redis, each message is a BullMQ job named by the message's id, so a wake on two nodes (or a
 * sweep racing a wake) makes one job; whichever node's worker takes it sends it, and a failure is
 * retried by BullMQ with exponential back-off. The database row stays the truth: the worker claims
 * it before sending, and the sweep wakes again any message whose job ran out of tries.
 */
export class BullMailWaker implements MailWaker {
  private constructor(
    private readonly jobs: import('bullmq').Queue,
    private readonly worker: import('bullmq').Worker,
    private readonly connections: import('ioredis').Redis[],
  ) {}

  static async start(
    queue: MailQueue,
    redisUrl: string,
    prefix: string,
    logger: Logger,
  ): Promise<BullMailWaker> {
    // Loaded only with Redis, as the kernel loads its scheduler's.
    const { Queue, Worker } = await import('bullmq')
    const { Redis } = await import('ioredis')
    const connect = (options: { maxRetriesPerRequest?: null }) => {
      const connection = new Redis(redisUrl, options)
      // Failures are reported by the queue's and worker's own 'error' events.
      connection.on('error', () => undefined)
      return connection
    }
    const queueConnection = connect({})
    const workerConnection = connect({ maxRetriesPerRequest: null })
    const options = { prefix: `${prefix}:bull` }
    const jobs = new Queue('mail', { ...options, connection: queueConnection })
    jobs.on('error', (error) => logger.warn({ err: error }, 'mail queue error'))
    const worker = new Worker(
      'mail',
      async (job) => {
        const id = (job.data as { id: string }).id
        // Thrown, so BullMQ retries after its back-off; 'busy' is another sender's (or done).
        if ((await queue.send(id)) === 'failed') throw new Error(`mail ${id} not sent yet`)
      },
      { ...options, connection: workerConnection, concurrency: 4 },
    )
    worker.on('error', (error) => logger.warn({ err: error }, 'mail worker error'))
    return new BullMailWaker(jobs, worker, [queueConnection, workerConnection])
  }

  async wake(ids: readonly string[]): Promise<void> {
    await this.jobs.addBulk(
      ids.map((id) => ({
        name: 'send',
        data: { id },
        opts: {
          jobId: id,
          attempts: 8,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    )
  }

  async close(): Promise<void> {
    await this.worker.close()
    await this.jobs.close()
    for (const connection of this.connections) connection.disconnect()
  }
}
