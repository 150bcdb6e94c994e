import { Queue, Worker, type Job } from 'bullmq'
import { Redis } from 'ioredis'
import type { Logger } from '../logger.js'
import { KernelScheduler } from './scheduler.js'

const QUEUE = 'schedule'

/**
 * Scheduled tasks on a BullMQ queue in the site's Redis: every node declares the same job schedulers
 * (an upsert, so declaring twice is one scheduler), the scheduler makes one job per period, and
 * whichever node's worker takes it runs the task. Finished and failed jobs are not kept.
 */
export class QueueScheduler extends KernelScheduler {
  private queue: Queue | undefined
  private worker: Worker | undefined
  private readonly connections: Redis[] = []

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    logger: Logger,
  ) {
    // Nothing connects before start(): a boot that fails earlier leaves nothing open.
    super(logger)
  }

  override async start(): Promise<void> {
    const prefix = `${this.prefix}:bull`
    // The queue's commands fail during an outage (ioredis' default retries); the worker blocks on
    // its own connection, which BullMQ wants without a per-command retry limit.
    const queueConnection = this.connect({})
    const workerConnection = this.connect({ maxRetriesPerRequest: null })
    this.queue = new Queue(QUEUE, { connection: queueConnection, prefix })
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'schedule queue error'))
    await super.start()
    this.worker = new Worker(QUEUE, (job: Job) => this.run(job.name, dueOf(job)), {
      connection: workerConnection,
      prefix,
      concurrency: 4,
    })
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'schedule worker error'))
  }

  private connect(options: { maxRetriesPerRequest?: null }): Redis {
    const connection = new Redis(this.redisUrl, options)
    // Failures are the queue's and the worker's to report (their 'error' events).
    connection.on('error', () => undefined)
    this.connections.push(connection)
    return connection
  }

  protected async schedule(name: string): Promise<void> {
    if (!this.queue) return
    const { periodMs } = this.tasks.get(name)!
    // Declared already (by another node, or before a restart): an upsert would make a new first job.
    if ((await this.queue.getJobScheduler(name))?.every === periodMs) return
    await this.queue.upsertJobScheduler(
      name,
      { every: periodMs },
      { name, data: {}, opts: { removeOnComplete: true, removeOnFail: true } },
    )
  }

  async close(): Promise<void> {
    await this.worker?.close()
    await this.queue?.close()
    for (const connection of this.connections) connection.disconnect()
  }
}

/**
 * When a job was due: a scheduler's job id ends with its period's time slot (`repeat:<name>:<ms>`),
 * which is also why two nodes cannot make two jobs for one period.
 */
function dueOf(job: Job): number {
  const slot = Number(job.id?.slice(job.id.lastIndexOf(':') + 1))
  return Number.isSafeInteger(slot) ? slot : job.timestamp
}
