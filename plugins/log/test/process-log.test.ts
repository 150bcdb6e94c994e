import pino from 'pino'
import { expect, it } from 'vitest'
import { createKernel } from '@shopwright/core'
import { describePlugin, inject, testConfig } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import log from '../src/index.js'
import { LOG_SUITE, page, probe } from './helpers.js'

/** A reset code as the account plugin makes them, and a card number that passes the Luhn check. */
const CODE = 'q3Vb8_xT-0aZkLm2NpQr4StUvWxYz9AbCdEfGhIjKlM'
const CARD = '4242424242424242'

describePlugin('the process log and the site log', LOG_SUITE, (site) => {
  it('keep neither a reset code nor a card number a request carried: one redactor for both', async () => {
    // A node of the site whose process log this test reads (pino's JSON lines, as on stdout). A
    // logger made so is not tapped: the site's log is the suite's node's, asked the same.
    const chunks: string[] = []
    const logger = pino({ level: 'info' }, { write: (text: string) => void chunks.push(text) })
    const node = await createKernel({
      config: testConfig(site.shared),
      plugins: [records, account, log, probe],
      logger,
    })
    const query = `?resetcode=${CODE}&card=${CARD}&cardnumber=4111%201111%201111%201111&page=2`
    const headers = { cookie: site.cookie('manager') }
    try {
      for (const each of [node, site.kernel]) {
        // A 500 (its error line and its access line), a plugin that logs the request's address
        // and headers, the reset page's call with its code in the path, a card number in a path.
        expect((await inject(each, { url: `/query/probe/fail${query}`, headers })).statusCode).toBe(
          500,
        )
        const logged = await inject(each, { url: `/query/probe/logged${query}`, headers })
        expect(logged.statusCode).toBe(200)
        await inject(each, { url: `/query/account/entity/employee/1/${CODE}` })
        await inject(each, { url: `/query/probe/fail/${CARD}` })
      }
      await site.kernel.services.log.flush()
    } finally {
      await node.close()
    }

    const processLog = chunks.join('')
    expect(processLog).toContain(`/query/probe/fail?resetcode=[REDACTED]&card=[REDACTED]`)
    expect(processLog).toContain(`/query/account/entity/employee/1/[REDACTED]`)
    // Every request's access line and the failed one's error line say the address, redacted.
    expect(processLog.split('"msg":"request failed"').length - 1).toBe(1)
    const siteLog = JSON.stringify(
      (await page(site.kernel, site.cookie('manager'), '/query/log/list?pagesize=200')).list,
    )
    expect(siteLog).toContain('resetcode=[REDACTED]&card=[REDACTED]')
    const sessionValue = site.cookie('manager').split('=')[1]!
    for (const [name, written] of [
      ['process log', processLog],
      ['site log', siteLog],
    ] as const)
      for (const secret of [CODE, CARD, '4111%201111%201111%201111', sessionValue])
        expect(written, `${secret} in the ${name}`).not.toContain(secret)
  })
})
