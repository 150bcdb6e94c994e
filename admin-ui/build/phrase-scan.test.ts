import { describe, expect, it } from 'vitest'
import { scanPhrases } from './phrase-scan.js'

const texts = (found: Array<{ text: string }>) => found.map((each) => each.text)

describe('scanPhrases', () => {
  it('finds the phrases of t(), the translating dialog calls, ErrorView titles and menu labels', () => {
    const { phrases, hardCoded } = scanPhrases(
      'Screen.tsx',
      `
      const panel = { menu: { label: 'Greetings', icon: 'earth', order: 1 } }
      function Screen() {
        const remove = async () => {
          if (!(await dialogs.confirm(many ? 'Delete these?' : 'Delete this?', { title: 'Sure' })))
            return
          await dialogs.error('Unable to Delete', new Error())
        }
        return (
          <>
            <ErrorView title="ERROR_PAGE_NOT_FOUND" />
            <ListEditorToolbar addLabel="Add Row" />
            <Button aria-label={t('Close')}>{t('Page {0}', 2)}</Button>
          </>
        )
      }`,
    )
    expect(texts(phrases)).toEqual([
      'Greetings',
      'Delete these?',
      'Delete this?',
      'Sure',
      'Unable to Delete',
      'ERROR_PAGE_NOT_FOUND',
      'Add Row',
      'Close',
      'Page {0}',
    ])
    expect(hardCoded).toEqual([])
  })

  it('reports text shown without t(), with where it is', () => {
    const { hardCoded } = scanPhrases(
      'Screen.tsx',
      `function Screen() {
        const columns = [{ id: 'name', label: 'Name' }]
        return (
          <div aria-label="Tools" title={busy ? 'Busy' : ''}>
            Hello
            {'World'}
            <input placeholder="{}" />
            <a href="/">Shopwright</a>
          </div>
        )
      }`,
    )
    expect(hardCoded).toEqual([
      { text: 'Name', at: 'Screen.tsx:2' },
      { text: 'Tools', at: 'Screen.tsx:4' },
      { text: 'Busy', at: 'Screen.tsx:4' },
      { text: 'Hello', at: 'Screen.tsx:5' },
      { text: 'World', at: 'Screen.tsx:6' },
    ])
  })
})
