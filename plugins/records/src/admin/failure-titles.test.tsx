// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { englishOnly } from '@shopwright/client'
import { renderAt } from '@shopwright/admin-ui/testing'
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import { RecordScreen } from './RecordScreen.js'

afterEach(cleanup)

const access = { view: true, edit: true, create: true, delete: true }

/** Every type can be read; no record can (404). */
function answer(path: string): unknown {
  const type = /^\/data\/recordtype\/get\/(\w+)/.exec(path)
  if (type) return { type: 'recordtype', id: type[1], name: type[1], fields: [], access }
  return 404
}

function open(type: string) {
  const { client } = fakeClient(() => answer)
  renderAt(`/data/${type}/gone`, null, [
    {
      path: `/data/${type}/:id`,
      element: (
        <ClientContext.Provider value={client}>
          <RecordScreen type={type} />
        </ClientContext.Provider>
      ),
    },
  ])
}

describe("the record editor's failure titles (the specification's page titles)", () => {
  it('titles a list type that cannot be read ERROR_LIST_NOT_AVAILABLE', async () => {
    open('listtype')
    const view = await screen.findByTestId('error-view')
    // No texts loaded: the code's English message when a loaded module registered it, else the code.
    expect(view.querySelector('h1')?.textContent?.trim()).toBe(
      englishOnly('ERROR_LIST_NOT_AVAILABLE'),
    )
  })

  it('titles any other record that cannot be read ERROR_RECORD_NOT_AVAILABLE', async () => {
    open('webpage')
    const view = await screen.findByTestId('error-view')
    expect(view.querySelector('h1')?.textContent?.trim()).toBe(
      englishOnly('ERROR_RECORD_NOT_AVAILABLE'),
    )
  })
})
