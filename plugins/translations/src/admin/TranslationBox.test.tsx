// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanPhrase } from '@shopwright/plugin-translations/shared'
import { TranslationBox } from './TranslationBox.js'

afterEach(cleanup)

const box = () => screen.getByTestId('box') as HTMLTextAreaElement

describe('TranslationBox', () => {
  it('saves when left with a changed text, and only then', () => {
    const onSave = vi.fn()
    render(<TranslationBox value="Bonjour" onSave={onSave} label="fr" testId="box" />)
    fireEvent.focus(box())
    fireEvent.blur(box())
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.change(box(), { target: { value: 'Salut' } })
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.blur(box())
    expect(onSave).toHaveBeenCalledWith('Salut', false)
    // Typed back to what is stored: nothing to save.
    onSave.mockClear()
    fireEvent.change(box(), { target: { value: 'Bonjour' } })
    fireEvent.blur(box())
    expect(onSave).not.toHaveBeenCalled()
  })

  it('trims a phrase, and does not save one that only gained spaces', () => {
    const onSave = vi.fn()
    render(
      <TranslationBox value="Save" clean={cleanPhrase} onSave={onSave} label="p" testId="box" />,
    )
    fireEvent.change(box(), { target: { value: '  Save  ' } })
    fireEvent.blur(box())
    expect(onSave).not.toHaveBeenCalled()
    expect(box().value).toBe('Save')
    fireEvent.change(box(), { target: { value: ' Save all ' } })
    fireEvent.blur(box())
    expect(onSave).toHaveBeenCalledWith('Save all', false)
  })

  it('puts the stored text back on Escape', () => {
    const onSave = vi.fn()
    render(<TranslationBox value="Oui" onSave={onSave} label="fr" testId="box" />)
    fireEvent.change(box(), { target: { value: 'Non' } })
    fireEvent.keyDown(box(), { key: 'Escape' })
    expect(box().value).toBe('Oui')
    fireEvent.blur(box())
    expect(onSave).not.toHaveBeenCalled()
  })

  it('saves what was typed when it goes away without being left, and as the page hides', () => {
    const onSave = vi.fn()
    const { unmount } = render(<TranslationBox value="" onSave={onSave} label="fr" testId="box" />)
    fireEvent.change(box(), { target: { value: 'Texte' } })
    window.dispatchEvent(new Event('pagehide'))
    expect(onSave).toHaveBeenCalledWith('Texte', true)
    unmount()
    expect(onSave).toHaveBeenLastCalledWith('Texte', false)
  })

  it('shows the phrase as placeholder, right-to-left when told, 13 + 17 px per line', () => {
    render(
      <TranslationBox
        value={'سطر\nسطر'}
        placeholder="Line"
        rightToLeft
        lang="ar"
        onSave={() => {}}
        label="ar"
        testId="box"
      />,
    )
    expect(box().placeholder).toBe('Line')
    expect(box().dir).toBe('rtl')
    expect(box().style.height).toBe('47px')
  })

  it('flags a warning and is read-only when told', () => {
    render(
      <TranslationBox
        value="Save"
        warning="Twice"
        readOnly
        onSave={() => {}}
        label="p"
        testId="box"
      />,
    )
    expect(box().className).toContain('translation-box-warning')
    expect(box().title).toBe('Twice')
    expect(box().readOnly).toBe(true)
  })
})
