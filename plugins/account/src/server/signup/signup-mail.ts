import { escapeHtml as html } from '@shopwright/core'
import type { MailMessage } from '../mailer.js'

/** The languages the sign-up e-mails are written in; any other reads English. */
type MailLanguage = 'en' | 'fr'

function languageOf(language: string): MailLanguage {
  return language.toLowerCase().startsWith('fr') ? 'fr' : 'en'
}

interface Paragraph {
  text: string
  link?: { href: string; label: string }
}

function compose(to: string, subject: string, paragraphs: readonly Paragraph[]): MailMessage {
  const text = paragraphs
    .flatMap((paragraph) => [paragraph.text, ...(paragraph.link ? [paragraph.link.href] : []), ''])
    .join('\n')
  const body = paragraphs
    .map((paragraph) =>
      paragraph.link
        ? `<p>${html(paragraph.text)}<br><a href="${html(paragraph.link.href)}">${html(paragraph.link.label)}</a></p>`
        : `<p>${html(paragraph.text)}</p>`,
    )
    .join('\n')
  return {
    to,
    subject,
    text,
    html: `<!doctype html>\n<html><body>\n${body}\n</body></html>\n`,
  }
}

const VERIFY = {
  en: {
    subject: 'Confirm your e-mail address',
    hello: 'Hello,',
    body: 'Thank you for creating an account. To confirm this is your e-mail address, open:',
    label: 'Confirm my e-mail address',
    after:
      'The link works once, for two days. If you did not create an account, ignore this e-mail: nothing more will be sent.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    hello: 'Bonjour,',
    body: 'Merci d’avoir créé un compte. Pour confirmer que cette adresse est la vôtre, ouvrez :',
    label: 'Confirmer mon adresse e-mail',
    after:
      'Le lien fonctionne une fois, pendant deux jours. Si vous n’avez pas créé de compte, ignorez cet e-mail : rien d’autre ne sera envoyé.',
  },
}

/**
 * The confirmation e-mail of a new account (or of one that never confirmed and signed up again).
 * It says nothing the form's sender wrote (not even the name): an address nobody has confirmed
 * yet must not receive a stranger's words from the shop.
 */
export function verifyMail(to: string, link: string, language: string): MailMessage {
  const words = VERIFY[languageOf(language)]
  return compose(to, words.subject, [
    { text: words.hello },
    { text: words.body, link: { href: link, label: words.label } },
    { text: words.after },
  ])
}

const ALREADY = {
  en: {
    subject: 'You already have an account',
    hello: 'Hello,',
    body: 'Someone (perhaps you) tried to create an account with this e-mail address, but you already have one. Sign in here:',
    signIn: 'Sign in',
    reset: 'Forgot your password? Choose a new one here:',
    resetLabel: 'Reset my password',
    after: 'If this was not you, ignore this e-mail: your account has not changed.',
  },
  fr: {
    subject: 'Vous avez déjà un compte',
    hello: 'Bonjour,',
    body: 'Quelqu’un (peut-être vous) a essayé de créer un compte avec cette adresse, mais vous en avez déjà un. Connectez-vous ici :',
    signIn: 'Me connecter',
    reset: 'Mot de passe oublié ? Choisissez-en un nouveau ici :',
    resetLabel: 'Réinitialiser mon mot de passe',
    after: 'Si ce n’était pas vous, ignorez cet e-mail : votre compte n’a pas changé.',
  },
}

/**
 * The answer to a sign-up with an e-mail that has an account already: told only to the mailbox,
 * never to the form, so the form cannot be used to learn who has an account.
 */
export function alreadyMail(
  to: string,
  links: { signIn: string; reset: string },
  language: string,
): MailMessage {
  const words = ALREADY[languageOf(language)]
  return compose(to, words.subject, [
    { text: words.hello },
    { text: words.body, link: { href: links.signIn, label: words.signIn } },
    { text: words.reset, link: { href: links.reset, label: words.resetLabel } },
    { text: words.after },
  ])
}
