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
  private readonly connection: Redis
  private readonly queue: Queue
  private worker: Worker | undefined

  constructor(redisUrl: string, prefix: string, logger: Logger) {
    super(logger)
    // BullMQ's worker blocks on its connection and asks for no per-command retry limit.
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    this.connection.on('error', () => undefined)
    this.queue = new Queue(QUEUE, { connection: this.connection, prefix: `${prefix}:bull` })
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'schedule queue error'))
  }

  override async start(): Promise<void> {
    await super.start()
    this.worker = new Worker(QUEUE, (job: Job) => this.run(job.name, dueOf(job)), {
      connection: this.connection,
      prefix: this.queue.opts.prefix,
      concurrency: 4,
    })
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'schedule worker error'))
  }

  protected async schedule(name: string): Promise<void> {
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
    await this.queue.close()
    this.connection.disconnect()
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
