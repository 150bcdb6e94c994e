// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LOCALE_COOKIE } from '@shopwright/client'
import { DialogProvider } from '../kit/dialogs.js'
import { useT } from '../kit/i18n.js'
import { ClientContext } from './client.js'
import { LanguagePicker } from './LanguagePicker.js'
import { fakeClient, type FakeAnswer } from './test-client.js'
import { LANGUAGE_SERVICES, WithServices } from './test-services.js'
import type { ShellServices } from './shell-services.js'
import { TranslationProvider } from './translations.js'

const LANGUAGES = {
  values: [
    { id: 'en-us', name: 'English (US)' },
    { id: 'fr', name: 'French' },
    { id: 'he', name: 'Hebrew' },
  ],
}

function site(path: string): unknown {
  if (path.startsWith('/translation/texts/fr')) return { language: 'fr', texts: { New: 'Nouveau' } }
  if (path.startsWith('/translation/texts/')) return { language: 'x', texts: {} }
  if (path.startsWith('/data/get/configuration/web'))
    return { languages: ['en-us', 'fr'], currencies: [{ id: 'usd' }] }
  if (path.startsWith('/data/listtype/get/language')) return LANGUAGES
  return 404
}

let answer: FakeAnswer

function Label() {
  return <span data-testid="label">{useT()('New')}</span>
}

function mount(services: ShellServices = LANGUAGE_SERVICES) {
  const { client, calls } = fakeClient(() => answer)
  render(
    <ClientContext.Provider value={client}>
      <WithServices services={services}>
        <TranslationProvider>
          <DialogProvider>
            <LanguagePicker />
            <Label />
          </DialogProvider>
        </TranslationProvider>
      </WithServices>
    </ClientContext.Provider>,
  )
  return calls
}

const open = async () => {
  await waitFor(() => expect(screen.getByTestId('language').textContent).toBe('English (US)'))
  fireEvent.click(screen.getByTestId('language'))
}

beforeEach(() => {
  answer = site
  window.localStorage.clear()
  document.cookie = `${LOCALE_COOKIE}=; Path=/; Max-Age=0`
})
afterEach(cleanup)

describe('LanguagePicker', () => {
  it("lists the site's languages by name, ticks the current one, and switches on a pick", async () => {
    mount()
    await open()
    const items = screen.getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['English (US)', 'French'])
    expect(items[0]!.querySelector('svg')).not.toBeNull()
    expect(items[1]!.querySelector('svg')).toBeNull()
    fireEvent.click(screen.getByTestId('language-fr'))
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('Nouveau'))
    expect(screen.getByTestId('language').textContent).toBe('French')
  })

  it('closes its menu when the window is resized, switching nothing (issue 37)', async () => {
    mount()
    await open()
    expect(screen.getByTestId('language-menu')).toBeTruthy()
    fireEvent(window, new Event('resize'))
    expect(screen.queryByTestId('language-menu')).toBeNull()
    expect(screen.getByTestId('language').getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByTestId('language').textContent).toBe('English (US)')
  })

  it('offers the translation sets’ languages to staff who may not read the configuration', async () => {
    answer = (path) => {
      if (path.startsWith('/data/get/configuration/web')) return 403
      if (path.startsWith('/translation/get/general')) return { languages: ['en-us', 'he'] }
      return site(path)
    }
    mount()
    await open()
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'English (US)',
      'Hebrew',
    ])
    fireEvent.click(screen.getByTestId('language-he'))
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'))
  })

  it('says why when a language cannot be loaded', async () => {
    answer = (path) => (path.startsWith('/translation/texts/fr') ? 503 : site(path))
    mount()
    await open()
    fireEvent.click(screen.getByTestId('language-fr'))
    expect((await screen.findByRole('dialog')).textContent).toContain('Error')
    expect(screen.getByTestId('label').textContent).toBe('New')
  })

  it('offers only the current language when no plugin provides the admin texts', async () => {
    const calls = mount({ siteLanguages: LANGUAGE_SERVICES.siteLanguages })
    await waitFor(() => expect(screen.getByTestId('language').textContent).toBe('EN-US'))
    fireEvent.click(screen.getByTestId('language'))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['en-us'])
    // Nothing asked of a translations plugin that is not there.
    expect(calls.filter((call) => call.startsWith('/translation/'))).toEqual([])
  })
})
