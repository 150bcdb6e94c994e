import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { dayOf, type Logger } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { Mailer } from '../src/server/mailer.js'

describe('mailer without SMTP_URL', () => {
  it('writes time-sorted .eml files into DATA_DIR/outbox and logs the links', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sw-mailer-'))
    const info = vi.fn()
    const mailer = new Mailer({ smtpUrl: undefined, dataDir }, { info } as unknown as Logger)
    expect(await mailer.outbox()).toEqual([])
    const message = { to: 'ada@example.com', subject: 'Hi', text: 'one', html: '<p>one</p>' }
    const first = await mailer.send(message)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await mailer.send({ ...message, text: 'two' })
    expect(first.file && path.dirname(first.file)).toBe(path.join(dataDir, 'outbox'))
    expect(await mailer.outbox()).toEqual([first.file, second.file])
    const eml = await fs.readFile(first.file!, 'utf8')
    expect(eml).toMatch(/^To: ada@example.com\r$/m)
    expect(eml).toMatch(/^Subject: Hi\r$/m)
    expect(eml).toContain('Content-Type: text/html')
    mailer.logWritten(first.file!, ['http://x/reset/a/b/c'])
    expect(info).toHaveBeenCalledWith(
      { file: first.file, links: ['http://x/reset/a/b/c'] },
      'e-mail written to the outbox',
    )
    await fs.rm(dataDir, { recursive: true, force: true })
  })
})

describe('an SMTP_URL nodemailer cannot read', () => {
  it('stops the boot, though nodemailer loads only when needed', async () => {
    await expect(
      bootTestKernel(databasesUnderTest()[0]!, [records, account], {
        settings: { smtpUrl: 'smtp://[bad' },
      }),
    ).rejects.toThrow('Invalid URL')
  })
})

describe('the emails meter', () => {
  const message = { to: 'ada@example.com', subject: 'Hi', text: 'one', html: '<p>one</p>' }

  it('counts each message sent, and none that failed', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sw-mailer-'))
    const add = vi.fn()
    const logger = { info: vi.fn() } as unknown as Logger
    await new Mailer({ smtpUrl: undefined, dataDir }, logger, { add }).send(message)
    expect(add).toHaveBeenCalledExactlyOnceWith('emails')
    // Nothing listens on port 9: the SMTP server refuses, and nothing is counted.
    const refused = new Mailer({ smtpUrl: 'smtp://127.0.0.1:9', dataDir }, logger, { add })
    await expect(refused.send(message)).rejects.toThrow()
    expect(add).toHaveBeenCalledTimes(1)
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it("is the kernel's meter in a running site", async () => {
    const booted = await bootTestKernel(databasesUnderTest()[0]!, [records, account])
    try {
      const { meters } = booted.kernel.services
      const { mailer } = booted.kernel.containerOf('account').cradle
      await mailer.send(message)
      await mailer.send(message)
      await meters.flush()
      const today = dayOf(Date.now())
      const readings = await meters.read(today, today, ['emails'])
      expect(readings.map((reading) => reading.value)).toEqual([2])
    } finally {
      await booted.close()
    }
  })
})
