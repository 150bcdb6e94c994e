/**
 * The e-mails plugins send, by name (docs/themes.md, "E-mail templates"). A plugin defines the
 * default of each of its e-mails; a theme's server module may export `mailTemplates` with its own
 * for any of those names, which then win. A theme's template that throws is logged and the
 * plugin's default is used: a theme's mistake never costs a shopper their e-mail.
 */
import { KernelError, type Logger } from '@shopwright/core'
import type { MailMessage } from '../mailer.js'

/** What a template makes: the message without its recipient. */
export type MailContent = Omit<MailMessage, 'to'>

/**
 * A template: the data of its e-mail (the defining plugin documents its shape) and the language
 * to write it in (a site language, `fr`, `en-us`), to the subject and both parts.
 */
export type MailTemplate<T = never> = (data: T, language: string) => MailContent

export class MailTemplates {
  private readonly defaults = new Map<string, MailTemplate<never>>()
  private themed: Readonly<Record<string, MailTemplate<never>>> = {}

  constructor(
    /** The site's public address, which every link of an e-mail starts with (siteOrigin). */
    readonly origin: string,
    private readonly logger: Pick<Logger, 'error' | 'warn'>,
  ) {}

  /** A plugin's default template of an e-mail; a name is defined once. */
  define<T>(name: string, template: MailTemplate<T>): void {
    if (this.defaults.has(name))
      throw new KernelError('SW_PLUGIN_INVALID', `the e-mail template ${name} is defined twice`)
    this.defaults.set(name, template as MailTemplate<never>)
  }

  /** The theme's templates (its server module's `mailTemplates`), replacing any earlier theme's. */
  useTheme(templates: Readonly<Record<string, unknown>> | undefined): void {
    const own: Record<string, MailTemplate<never>> = {}
    for (const [name, template] of Object.entries(templates ?? {}))
      if (typeof template === 'function') own[name] = template as MailTemplate<never>
      else this.logger.warn({ template: name }, "a theme's e-mail template is not a function")
    this.themed = own
  }

  /** The e-mail `name` for `data` in `language`: the theme's template, else the default. */
  render<T>(name: string, data: T, language: string): MailContent {
    const fallback = this.defaults.get(name) as MailTemplate<T> | undefined
    if (!fallback) throw new KernelError('SW_PLUGIN_INVALID', `no e-mail template ${name}`)
    const themed = Object.hasOwn(this.themed, name)
      ? (this.themed[name] as MailTemplate<T>)
      : undefined
    if (themed)
      try {
        const made = themed(data, language)
        if (isContent(made)) return made
        this.logger.error({ template: name }, "a theme's e-mail template answered no message")
      } catch (error) {
        this.logger.error({ err: error, template: name }, "a theme's e-mail template failed")
      }
    return fallback(data, language)
  }
}

function isContent(value: unknown): value is MailContent {
  const made = value as Partial<MailContent> | null
  return (
    typeof made === 'object' &&
    made !== null &&
    typeof made.subject === 'string' &&
    typeof made.text === 'string' &&
    typeof made.html === 'string'
  )
}
