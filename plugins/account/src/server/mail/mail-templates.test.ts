import { describe, expect, it, vi } from 'vitest'
import { MailTemplates } from './mail-templates.js'

const logger = () => ({ error: vi.fn(), warn: vi.fn() })
const plain = (subject: string) => ({ subject, text: subject, html: `<p>${subject}</p>` })

describe('the e-mail templates', () => {
  it("sends a plugin's default, and refuses a name defined twice", () => {
    const templates = new MailTemplates('https://shop.example.com', logger())
    templates.define('greeting', (data: { name: string }, language: string) =>
      plain(`${language === 'fr' ? 'Bonjour' : 'Hello'} ${data.name}`),
    )
    expect(templates.render('greeting', { name: 'Ada' }, 'fr').subject).toBe('Bonjour Ada')
    expect(() => templates.define('greeting', () => plain('again'))).toThrow(/defined twice/)
    expect(() => templates.render('unknown', {}, 'en')).toThrow(/no e-mail template/)
    expect(templates.origin).toBe('https://shop.example.com')
  })

  it("uses a theme's template where it has one, and the default when it throws or answers no message", () => {
    const log = logger()
    const templates = new MailTemplates('http://localhost:3000', log)
    templates.define('greeting', (data: { name: string }) => plain(`Hello ${data.name}`))
    templates.useTheme({ greeting: (data: { name: string }) => plain(`Hi ${data.name}!`) })
    expect(templates.render('greeting', { name: 'Ada' }, 'en').subject).toBe('Hi Ada!')

    templates.useTheme({
      greeting: () => {
        throw new Error('broken')
      },
    })
    expect(templates.render('greeting', { name: 'Ada' }, 'en').subject).toBe('Hello Ada')
    templates.useTheme({ greeting: () => ({ subject: 'no parts' }) })
    expect(templates.render('greeting', { name: 'Ada' }, 'en').subject).toBe('Hello Ada')
    expect(log.error).toHaveBeenCalledTimes(2)

    // Not a function: ignored with a warning; a later theme replaces the earlier one's.
    templates.useTheme({ greeting: 'Hello' })
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(templates.render('greeting', { name: 'Ada' }, 'en').subject).toBe('Hello Ada')
  })
})
