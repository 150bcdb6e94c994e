// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import type { AnnouncementRow } from '../shared/types.js'
import type { AnnouncementsApi } from './announcements-api.js'
import { Announcements } from './AnnouncementsScreen.js'
import '../shared/errors.js'

afterEach(cleanup)

const row = (id: string, extra: Partial<AnnouncementRow> = {}): AnnouncementRow => ({
  id,
  headline: `Headline ${id}`,
  published: false,
  starts: null,
  ends: null,
  state: 'draft',
  dismissals: 0,
  ...extra,
})

function open(api: AnnouncementsApi) {
  renderAt('/announcements', <Announcements api={api} />, [
    { path: '/data/announcement/:id', element: <p data-testid="editor">editor</p> },
  ])
}

describe('the announcements panel', () => {
  it('lists the announcements with their state and dismissals, and publishes a draft', async () => {
    let stored = [row('a'), row('b', { published: true, state: 'live', dismissals: 4 })]
    const api = {
      list: vi.fn(() => Promise.resolve(stored)),
      publish: vi.fn((id: string, published: boolean) => {
        stored = stored.map((each) =>
          each.id === id ? { ...each, published, state: published ? 'live' : 'draft' } : each,
        )
        return Promise.resolve({})
      }),
    }
    open(api)
    expect(await screen.findByText('Headline a')).toBeTruthy()
    expect(screen.getByText('Draft')).toBeTruthy()
    expect(screen.getByText('4')).toBeTruthy()
    expect(screen.getByTestId('toggle-b').textContent).toBe('Withdraw')
    fireEvent.click(screen.getByTestId('toggle-a'))
    await waitFor(() => expect(api.publish).toHaveBeenCalledWith('a', true))
    await waitFor(() => expect(screen.getByTestId('toggle-a').textContent).toBe('Withdraw'))
  })

  it("shows the server's refusal under its title, with the plugin's English message", async () => {
    const api = {
      // It ended between the list and the click.
      list: vi.fn(() => Promise.resolve([row('old')])),
      publish: vi.fn(() =>
        Promise.reject(
          new QueryError('ERROR_ANNOUNCEMENT_EXPIRED', { status: 410, url: '/query/x' }),
        ),
      ),
    }
    open(api)
    fireEvent.click(await screen.findByTestId('toggle-old'))
    expect(await screen.findByText('Unable to Publish')).toBeTruthy()
    expect(screen.getByText('This announcement has ended.')).toBeTruthy()
  })

  it('opens the record editor for a row', async () => {
    open({ list: () => Promise.resolve([row('a')]), publish: vi.fn() })
    fireEvent.click(await screen.findByText('Headline a'))
    expect(await screen.findByTestId('editor')).toBeTruthy()
  })
})
