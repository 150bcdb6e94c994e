// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOCALE_COOKIE, parseLocaleChoice, type QueryClient } from '@shopwright/client'
import { useLanguage, useT, type AdminLanguage } from '../kit/i18n.js'
import { ClientContext } from './client.js'
import { LOCALE_STORAGE_KEY } from './locale-choice.js'
import { fakeClient, type FakeAnswer } from './test-client.js'
import { WithServices } from './test-services.js'
import { FIRST_TEXTS_WAIT_MS, TranslationProvider } from './translations.js'

const TEXTS: Record<string, Record<string, string>> = {
  fr: { Delete: 'Supprimer', 'Shopwright admin': 'Administration Shopwright' },
  ar: { Delete: 'حذف' },
  'en-us': {},
}

let server: { calls: string[]; answer: FakeAnswer }
let mounts = 0
let language: AdminLanguage

function defaultAnswer(path: string): unknown {
  const texts = /^\/translation\/texts\/([^?]+)/.exec(path)
  if (texts) return { language: texts[1], texts: TEXTS[texts[1]!] ?? {} }
  if (path.startsWith('/data/get/configuration/web'))
    return { languages: ['en-us', 'fr', 'ar'], currencies: [{ id: 'eur' }] }
  return 404
}

/** A screen: its label, and a number that changes only when React mounts it anew. */
function Screen() {
  const t = useT()
  language = useLanguage()
  const [mount] = useState(() => ++mounts)
  return (
    <p>
      <span data-testid="label">{t('Delete')}</span>
      <span data-testid="mount">{mount}</span>
    </p>
  )
}

let client: QueryClient
const mount = () =>
  render(
    <ClientContext.Provider value={client}>
      <WithServices>
        <TranslationProvider>
          <Screen />
        </TranslationProvider>
      </WithServices>
    </ClientContext.Provider>,
  )

const stored = () => parseLocaleChoice(window.localStorage.getItem(LOCALE_STORAGE_KEY))
const cookie = () =>
  parseLocaleChoice(
    document.cookie
      .split('; ')
      .find((part) => part.startsWith(`${LOCALE_COOKIE}=`))
      ?.slice(LOCALE_COOKIE.length + 1),
  )

/** A choice as the storefront stores it. */
const storeChoice = (language: string, country = 'fr', currency = 'eur') =>
  window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify({ country, currency, language }))

/** Holds every answer until `all()`: the server is slow. */
function holdAnswers(): { all(): void } {
  const waiting: Array<() => void> = []
  server.answer = async (path) => {
    await new Promise<void>((resolve) => waiting.push(resolve))
    return defaultAnswer(path)
  }
  return { all: () => waiting.splice(0).forEach((resolve) => resolve()) }
}

beforeEach(() => {
  const fake = fakeClient(() => server.answer)
  server = { calls: fake.calls, answer: defaultAnswer }
  client = fake.client
  mounts = 0
  window.localStorage.clear()
  document.cookie = `${LOCALE_COOKIE}=; Path=/; Max-Age=0`
  document.documentElement.lang = 'en'
  document.documentElement.removeAttribute('dir')
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the admin language', () => {
  it('opens in the stored choice, drawing nothing until its texts are there', async () => {
    storeChoice('fr')
    const release = holdAnswers()
    mount()
    await vi.waitFor(() => expect(server.calls).toHaveLength(1))
    expect(screen.queryByTestId('label')).toBeNull()
    act(() => release.all())
    expect((await screen.findByTestId('label')).textContent).toBe('Supprimer')
    expect(server.calls).toEqual(['/translation/texts/fr?sets=general,admin,server'])
    // The document is marked by an effect, which may run after the labels are drawn.
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('fr'))
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('reads the choice from the cookie when local storage has none', async () => {
    document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}; Path=/`
    mount()
    expect((await screen.findByTestId('label')).textContent).toBe('Supprimer')
  })

  it('switches without mounting anything anew, right to left for Arabic, and keeps the choice', async () => {
    storeChoice('fr', 'ca', 'cad')
    mount()
    await screen.findByText('Supprimer')
    await act(() => language.choose('ar'))
    expect(screen.getByTestId('label').textContent).toBe('حذف')
    expect(screen.getByTestId('mount').textContent).toBe(String(mounts))
    expect(mounts).toBe(1)
    expect(language.language).toBe('ar')
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
    // Country and currency stay as chosen, in both places the storefront reads.
    expect(stored()).toEqual({ country: 'ca', currency: 'cad', language: 'ar' })
    expect(cookie()).toEqual({ country: 'ca', currency: 'cad', language: 'ar' })

    // Each language's texts are asked once.
    await act(() => language.choose('fr'))
    await act(() => language.choose('ar'))
    expect(screen.getByTestId('label').textContent).toBe('حذف')
    expect(server.calls.filter((call) => call.startsWith('/translation/texts/'))).toEqual([
      '/translation/texts/fr?sets=general,admin,server',
      '/translation/texts/ar?sets=general,admin,server',
    ])
  })

  it('completes a first choice with a guessed country and the site currency', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE'])
    mount()
    expect((await screen.findByTestId('label')).textContent).toBe('Delete')
    expect(language.language).toBe('en-us')
    await act(() => language.choose('fr'))
    expect(stored()).toMatchObject({ currency: 'eur', language: 'fr' })
    expect(stored()?.country).toMatch(/^[a-z]{2}$/)
    expect(cookie()).toEqual(stored())
  })

  it('starts in the browser language when the site has it, else the site default', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en'])
    mount()
    expect((await screen.findByTestId('label')).textContent).toBe('Supprimer')
    expect(language.language).toBe('fr')
    // Nothing was chosen: nothing is stored.
    expect(stored()).toBeNull()
  })

  it('starts in en-us when the site languages may not be read', async () => {
    server.answer = (path) => (path.startsWith('/data/') ? 401 : defaultAnswer(path))
    mount()
    await screen.findByTestId('label')
    expect(language.language).toBe('en-us')
    expect(server.calls).toContain('/translation/texts/en-us?sets=general,admin,server')
  })

  it('shows English when the texts fail, and a failed switch changes nothing and is tried again', async () => {
    storeChoice('fr')
    let failing = true
    server.answer = (path) =>
      failing && path.startsWith('/translation/') ? 503 : defaultAnswer(path)
    mount()
    expect((await screen.findByTestId('label')).textContent).toBe('Delete')
    expect(language.language).toBe('en-us')
    await expect(act(() => language.choose('fr'))).rejects.toMatchObject({
      code: 'ERROR_DATA_CONNECTION',
    })
    expect(language.language).toBe('en-us')
    failing = false
    await act(() => language.choose('fr'))
    expect(screen.getByTestId('label').textContent).toBe('Supprimer')
  })

  it('draws English after a while when the texts are slow, then turns when they come', async () => {
    vi.useFakeTimers()
    storeChoice('fr')
    const release = holdAnswers()
    mount()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FIRST_TEXTS_WAIT_MS - 1)
    })
    expect(screen.queryByTestId('label')).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(screen.getByTestId('label').textContent).toBe('Delete')
    await act(async () => {
      release.all()
      await vi.runAllTimersAsync()
    })
    expect(screen.getByTestId('label').textContent).toBe('Supprimer')
    expect(mounts).toBe(1)
  })
})
