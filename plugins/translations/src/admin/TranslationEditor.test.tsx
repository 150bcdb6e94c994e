// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { DialogProvider } from '@shopwright/admin-ui/kit'
import { QueryError, type QueryErrorDetails } from '@shopwright/client'
import type { TranslationValue } from '@shopwright/plugin-translations/shared'
import { fakeApi, sampleSet } from './test-api.js'
import type { TranslationApi } from './translation-api.js'
import { TranslationEditor } from './TranslationEditor.js'
// The admin app loads the plugin's codes through its admin entry; this test mounts one screen.
import '../shared/errors.js'

afterEach(cleanup)

async function open(value: TranslationValue, canEdit = true, api?: TranslationApi) {
  const fake = fakeApi(value)
  render(
    <MemoryRouter>
      <DialogProvider>
        <TranslationEditor api={api ?? fake.api} set="admin" canEdit={canEdit} />
      </DialogProvider>
    </MemoryRouter>,
  )
  await screen.findByTestId('translation-table')
  return fake
}

const box = (testId: string) => screen.getByTestId(testId) as HTMLTextAreaElement
const rowIds = () =>
  [...document.querySelectorAll('tbody tr[data-testid^=row-]')].map((row) =>
    row.getAttribute('data-testid')!.slice(4),
  )
const menuItem = async (menu: string, item: string) => {
  fireEvent.click(screen.getByTestId(menu))
  fireEvent.click(await screen.findByTestId(item))
}

describe('the translation table editor', () => {
  it('shows ten phrases a page, a column per language, the phrase as placeholder', async () => {
    await open(sampleSet(23))
    expect(rowIds()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
    expect(box('text-3-fr').value).toBe('Expression 3')
    expect(box('text-3-en-us').value).toBe('')
    expect(box('text-3-en-us').placeholder).toBe('Phrase 3')
    await waitFor(() => expect(screen.getByTestId('column-menu-fr').textContent).toBe(''))
    expect(screen.getByText('French')).toBeTruthy()
    fireEvent.click(screen.getByTestId('page-3'))
    expect(rowIds()).toEqual(['20', '21', '22'])
  })

  it('finds phrases by their words or their translations, and shows more rows a page on request', async () => {
    await open(sampleSet(23))
    fireEvent.change(screen.getByTestId('translation-search'), { target: { value: 'phrase 1' } })
    // Every word somewhere: Phrase 1, 10 to 19 and 21, found by the English phrase.
    expect(rowIds()).toEqual(['1', '10', '11', '12', '13', '14', '15', '16', '17', '18'])
    expect(screen.getByTestId('translation-matches').textContent).toBe('12 phrases match')
    fireEvent.change(screen.getByTestId('translation-search'), {
      target: { value: 'expression 22' },
    })
    expect(rowIds()).toEqual(['22'])
    expect(screen.getByTestId('translation-matches').textContent).toBe('1 phrase matches')
    fireEvent.change(screen.getByTestId('translation-search'), { target: { value: '' } })
    fireEvent.change(screen.getByTestId('translation-page-size'), { target: { value: '25' } })
    expect(rowIds()).toHaveLength(23)
    expect(screen.queryByTestId('page-2')).toBeNull()
  })

  it('saves one cell when it is left changed, and nothing else', async () => {
    const { api, stored } = await open(sampleSet(3))
    fireEvent.change(box('text-1-fr'), { target: { value: 'Autre' } })
    fireEvent.blur(box('text-1-fr'))
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1))
    expect(api.update).toHaveBeenCalledWith(
      'admin',
      { changes: [{ id: '1', translations: { fr: 'Autre' } }] },
      false,
    )
    expect(stored.entries[1]!.translations.fr).toBe('Autre')
    fireEvent.change(box('phrase-2'), { target: { value: '  Phrase 9 ' } })
    fireEvent.blur(box('phrase-2'))
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2))
    expect(api.update.mock.calls[1]![1]).toEqual({ changes: [{ id: '2', phrase: 'Phrase 9' }] })
    expect(box('phrase-2').value).toBe('Phrase 9')
  })

  it('flags duplicate phrases in the warning colour', async () => {
    const value = sampleSet(3)
    value.entries[2]!.phrase = 'Phrase 0'
    await open(value)
    expect(box('phrase-0').dataset.warning).toBe('true')
    expect(box('phrase-2').dataset.warning).toBe('true')
    expect(box('phrase-1').dataset.warning).toBeUndefined()
  })

  it('adds a row on New, on the last page, with its phrase box focused', async () => {
    const { api } = await open(sampleSet(10))
    fireEvent.click(screen.getByTestId('new'))
    await waitFor(() => expect(document.activeElement).toBe(screen.queryByTestId('phrase-A')))
    expect(api.update).toHaveBeenCalledWith('admin', { add: [{ phrase: '' }] }, false)
    expect(rowIds()).toEqual(['A'])
    // An empty new row is no duplicate.
    expect(box('phrase-A').dataset.warning).toBeUndefined()
  })

  it('deletes the selected rows after the confirmation, and clears the selection', async () => {
    const { api } = await open(sampleSet(4))
    const remove = screen.getByTestId('delete') as HTMLButtonElement
    expect(remove.disabled).toBe(true)
    fireEvent.click(screen.getByTestId('row-check-1'))
    fireEvent.click(screen.getByTestId('row-check-2'))
    expect(remove.disabled).toBe(false)
    fireEvent.click(remove)
    expect(await screen.findByText('Are you sure you want to delete these records?')).toBeTruthy()
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(rowIds()).toEqual(['0', '3']))
    expect(api.update).toHaveBeenCalledWith('admin', { remove: ['1', '2'] }, false)
    expect(remove.disabled).toBe(true)
    expect((screen.getByTestId('select-all') as HTMLInputElement).checked).toBe(false)
  })

  it('sorts from the phrase menu, and clears a language after its confirmation', async () => {
    const value = sampleSet(3)
    value.entries[0]!.phrase = 'Zebra'
    const { api } = await open(value)
    await menuItem('phrase-menu', 'sort')
    await waitFor(() => expect(rowIds()).toEqual(['1', '2', '0']))
    expect(api.update).toHaveBeenCalledWith('admin', { sort: true }, false)

    await menuItem('column-menu-fr', 'clear-fr')
    expect(await screen.findByText('Clear these translations?')).toBeTruthy()
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(box('text-1-fr').value).toBe(''))
    expect(api.update).toHaveBeenLastCalledWith('admin', { clear: 'fr' }, false)
  })

  it('refuses a file that is not CSV before sending it, and imports one that is', async () => {
    const { api } = await open(sampleSet(2))
    const input = screen.getByTestId('import-file')
    await menuItem('phrase-menu', 'import-all')
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    fireEvent.change(input, { target: { files: [notes] } })
    expect(
      await screen.findByText('The file must be a comma-separated values file (.csv).'),
    ).toBeTruthy()
    expect(screen.getByText('Unable to Import')).toBeTruthy()
    expect(api.importCsv).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('dialog-ok'))

    api.importCsv.mockResolvedValueOnce({ value: sampleSet(3), added: 1, updated: 0 })
    await menuItem('column-menu-fr', 'import-fr')
    const csv = new File(['"Phrase","fr"\r\n"Phrase 2","x"\r\n'], 'fr.csv', { type: 'text/csv' })
    fireEvent.change(input, { target: { files: [csv] } })
    await waitFor(() => expect(rowIds()).toEqual(['0', '1', '2']))
    expect(api.importCsv).toHaveBeenCalledWith('admin', csv, 'fr')
    expect(screen.getByTestId('translation-status').textContent).toBe('fr.csv: 1 added, 0 updated.')
  })

  it("shows an Auto-Fill failure as 'Unable to Translate' with the reason and the stack", async () => {
    const { api } = await open(sampleSet(2))
    const details: QueryErrorDetails = {
      status: 502,
      url: '/query/translation/autofill/admin/fr',
      reason: 'LibreTranslate answered HTTP 500.',
      stack: 'Error: at translate (machine-translation.ts:1)',
    }
    api.autoFill.mockRejectedValueOnce(new QueryError('ERROR_TRANSLATE_FAILED', details))
    await menuItem('column-menu-fr', 'autofill-fr')
    const dialog = await screen.findByTestId('translate-error')
    expect(screen.getByText('Unable to Translate')).toBeTruthy()
    expect(dialog.textContent).toContain('The translation service did not answer as expected.')
    expect(dialog.textContent).toContain('LibreTranslate answered HTTP 500.')
    expect(dialog.textContent).toContain('machine-translation.ts:1')
    expect(api.autoFill).toHaveBeenCalledWith('admin', 'fr')
  })

  it('reports what an Auto-Fill added', async () => {
    const { api } = await open(sampleSet(2))
    const filled = sampleSet(2)
    filled.entries[0]!.translations['en-us'] = 'Phrase 0'
    api.autoFill.mockResolvedValueOnce({ value: filled, added: 1, updated: 0 })
    await menuItem('column-menu-en-us', 'autofill-en-us')
    await waitFor(() => expect(box('text-0-en-us').value).toBe('Phrase 0'))
    expect(screen.getByTestId('translation-status').textContent).toBe(
      'Auto-Fill: 1 translation added in en-us.',
    )
  })

  it('edits the languages in a dialog, the first being the default', async () => {
    const { api } = await open(sampleSet(1))
    fireEvent.click(screen.getByTestId('languages'))
    await screen.findByTestId('languages-dialog')
    await waitFor(() => expect(screen.getAllByText('Arabic (ar)').length).toBeGreaterThan(0))
    fireEvent.click(screen.getByTestId('languages-add'))
    // A row left without a language keeps the dialog open.
    fireEvent.click(screen.getByTestId('dialog-ok'))
    expect(await screen.findByText('Choose a language in every row.')).toBeTruthy()
    fireEvent.click(screen.getAllByTestId('dialog-ok').at(-1)!)
    fireEvent.change(screen.getByTestId('languages-select-2'), { target: { value: 'ar' } })
    // The dialog's buttons wait while its check runs.
    const ok = screen.getByTestId('dialog-ok') as HTMLButtonElement
    await waitFor(() => expect(ok.disabled).toBe(false))
    fireEvent.click(ok)
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith('admin', { languages: ['en-us', 'fr', 'ar'] }, false),
    )
    expect(box('text-0-ar').dir).toBe('rtl')
    expect(box('text-0-fr').dir).toBe('')
  })

  it('shows the set read-only to someone who may not edit it', async () => {
    await open(sampleSet(2), false)
    expect(screen.queryByTestId('new')).toBeNull()
    expect(screen.queryByTestId('languages')).toBeNull()
    expect(box('phrase-0').readOnly).toBe(true)
    fireEvent.click(screen.getByTestId('phrase-menu'))
    expect((screen.getByTestId('sort') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('export-all') as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows why a set could not be loaded', async () => {
    const { api } = fakeApi(sampleSet(0))
    api.get.mockRejectedValueOnce(
      new QueryError('ERROR_RECORD_NOT_FOUND', { status: 404, url: '/query/translation/get/x' }),
    )
    render(
      <MemoryRouter>
        <DialogProvider>
          <TranslationEditor api={api} set="x" canEdit />
        </DialogProvider>
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('error-view')).toBeTruthy()
    await act(() => Promise.resolve())
  })
})
