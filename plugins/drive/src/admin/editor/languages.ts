import type { Extension } from '@codemirror/state'
import { css } from '@codemirror/lang-css'
import { html } from '@codemirror/lang-html'
import { javascript } from '@codemirror/lang-javascript'
import { json } from '@codemirror/lang-json'
import { xml } from '@codemirror/lang-xml'
import type { EditorLanguage } from '../file-kinds.js'

/** CodeMirror's language support for the spec's formats; plain text (csv...) has none. */
export function languageSupport(language: EditorLanguage): Extension {
  switch (language) {
    case 'css':
      return css()
    case 'html':
      return html()
    case 'xml':
      return xml()
    case 'javascript':
      return javascript()
    case 'json':
      return json()
    case 'plain':
      return []
  }
}
