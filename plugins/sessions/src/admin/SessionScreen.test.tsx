// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import type { SessionDetail } from '../shared/types.js'
import type { SessionsApi } from './sessions-api.js'
import { row } from './testing/session-row.js'
import { Session } from './SessionScreen.js'
import '../shared/errors.js'

afterEach(cleanup)

const detail: SessionDetail = {
  ...row('abc', {
    browser: { name: 'Chrome', version: '131.0' },
    os: { name: 'Linux', version: '' },
    virus: true,
    live: true,
  }),
  sessions: 3,
  language: 'en-gb',
  latitude: 51.5,
  longitude: -0.09,
  ip: '81.2.69.0',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  referer: { medium: 'search', referer: 'https://www.google.com/' },
  reasons: ['hidden-file'],
  pages: [
    {
      href: '/',
      entry: 'https://www.google.com/',
      exit: '/about',
      startDate: '2026-11-20T10:00:00.000Z',
      endDate: '2026-11-20T10:00:42.000Z',
      scroll: 80,
    },
    {
      href: '/about',
      entry: '/',
      exit: '',
      startDate: '2026-11-20T10:00:42.000Z',
      endDate: '2026-11-20T10:05:00.000Z',
      scroll: 25,
    },
  ],
}

function open(get: SessionsApi['get']) {
  const api: SessionsApi = { list: vi.fn(), get, live: vi.fn(), clear: vi.fn() }
  renderAt('/session/abc', <Session api={api} id="abc" />)
}

describe('one session', () => {
  it('shows what the spec lists, the flags with their reasons, and the pages with time and scroll', async () => {
    open(() => Promise.resolve(detail))
    const fields = await screen.findByTestId('session-fields')
    const text = fields.textContent ?? ''
    for (const shown of [
      'User Agent',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      'Chrome 131.0',
      'Linux',
      'https://www.google.com/ (Search)',
      '81.2.69.0',
      'London',
      'England',
      'GB',
      'en-gb',
      'Virus (hidden-file)',
    ])
      expect(text).toContain(shown)
    expect(within(fields).getByText('Sessions').nextSibling?.textContent).toBe('3')
    expect(fields.querySelector('[data-icon="chrome"]')).not.toBeNull()
    expect(fields.querySelector('[data-icon="linux"]')).not.toBeNull()
    expect(screen.getByTestId('live')).toBeTruthy()
    const pages = within(screen.getByTestId('session-pages')).getAllByRole('row')
    expect(pages.map((each) => each.textContent)).toEqual([
      expect.stringContaining('Page'),
      expect.stringMatching(/^\/.*42 s80%$/),
      expect.stringMatching(/^\/about.*258 s25%$/),
    ])
    expect(screen.getByTestId('dbip-credit')).toBeTruthy()
  })

  it('shows ERROR_SESSION_NOT_AVAILABLE when the session cannot be read', async () => {
    open(() =>
      Promise.reject(
        new QueryError('ERROR_SESSION_NOT_AVAILABLE', {
          status: 404,
          url: '/query/session/get/abc',
        }),
      ),
    )
    expect((await screen.findByTestId('error-view')).textContent).toContain(
      'Unable to View Session.',
    )
  })
})
