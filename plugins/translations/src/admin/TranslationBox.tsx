import { useEffect, useRef, useState } from 'react'
import { boxHeight } from './box-height.js'

/** Props of TranslationBox. */
export interface TranslationBoxProps {
  /** The stored text. */
  value: string
  /** Saves an edited text; `keepalive` when the page is going away. */
  onSave(text: string, keepalive?: boolean): void
  /** What a box saves for what was typed (a phrase is trimmed). */
  clean?: (text: string) => string
  placeholder?: string
  /** A language code, for the browser's spelling and fonts. */
  lang?: string
  rightToLeft?: boolean
  readOnly?: boolean
  /** Flags the text, in the warning colour (a duplicate phrase). */
  warning?: string
  label: string
  testId: string
}

/**
 * One cell of the translation table: a text area that saves when it is left and the text changed
 * (README, "The table editor"), so a save carries one cell and never overwrites another editor's
 * work. Escape puts the stored text back.
 */
export function TranslationBox({
  value,
  onSave,
  clean = (text) => text,
  placeholder,
  lang,
  rightToLeft = false,
  readOnly = false,
  warning,
  label,
  testId,
}: TranslationBoxProps) {
  // Null while the stored text is shown; the typed text otherwise.
  const [draft, setDraft] = useState<string | null>(null)
  const latest = useRef({ draft, value, onSave, clean })
  latest.current = { draft, value, onSave, clean }

  const commit = (keepalive = false) => {
    const { draft, value, onSave, clean } = latest.current
    if (draft === null) return
    const text = clean(draft)
    if (text !== value) onSave(text, keepalive)
  }

  useEffect(() => {
    // Leaving the page or closing the tab does not blur the box: save what was typed then too.
    const onPageHide = () => commit(true)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      commit()
    }
    // Once for the box's life: commit reads the latest values through the ref.
  }, [])

  const shown = draft ?? value
  return (
    <textarea
      className={
        warning ? 'sw-input translation-box translation-box-warning' : 'sw-input translation-box'
      }
      style={{ height: boxHeight(shown || placeholder || '') }}
      value={shown}
      placeholder={placeholder}
      lang={lang}
      dir={rightToLeft ? 'rtl' : undefined}
      readOnly={readOnly}
      title={warning}
      aria-label={label}
      aria-invalid={warning ? true : undefined}
      data-testid={testId}
      data-warning={warning ? true : undefined}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        commit()
        setDraft(null)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && draft !== null) {
          event.preventDefault()
          setDraft(null)
        }
      }}
    />
  )
}
