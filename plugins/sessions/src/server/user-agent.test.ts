import { describe, expect, it } from 'vitest'
import { AgentReader, readAgent } from './user-agent.js'

describe('readAgent', () => {
  it('reads browsers, systems and devices', () => {
    expect(
      readAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({
      browser: { name: 'Safari', version: '17.2' },
      os: { name: 'iOS', version: '17.2' },
      platform: 'mobile',
      robot: null,
    })
    expect(
      readAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toMatchObject({ browser: { name: 'Microsoft Edge' }, os: { name: 'Windows', version: '10' } })
  })

  it('names robots and why', () => {
    expect(readAgent('').robot).toBe('no-user-agent')
    expect(readAgent('curl/8.5.0').robot).toBe('crawler')
    expect(
      readAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toMatchObject({
      robot: 'crawler',
      platform: 'bot',
    })
  })

  it('remembers a bounded number of answers', () => {
    const reader = new AgentReader(2)
    const first = reader.read('curl/1')
    expect(reader.read('curl/1')).toBe(first)
    reader.read('curl/2')
    reader.read('curl/3')
    expect(reader.read('curl/1')).not.toBe(first)
  })
})
