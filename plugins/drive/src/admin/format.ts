import type { Plugin } from 'prettier'
import type { EditorLanguage } from './file-kinds.js'

/** Formatting indents by four spaces. */
export const FORMAT_INDENT = 4

/** The languages Format handles: the spec's formats (svg is xml); plain text has none. */
export function canFormat(language: EditorLanguage): boolean {
  return language !== 'plain'
}

/**
 * Prettier's parser for a language and the plugins it needs, each loaded when first asked for:
 * Prettier is about a megabyte, and most visits to the drive never press Format.
 */
async function parserOf(language: EditorLanguage): Promise<{ parser: string; plugins: Plugin[] }> {
  switch (language) {
    case 'javascript':
    case 'json': {
      const [babel, estree] = await Promise.all([
        import('prettier/plugins/babel'),
        import('prettier/plugins/estree'),
      ])
      return {
        parser: language === 'json' ? 'json' : 'babel',
        plugins: [babel, estree as Plugin],
      }
    }
    case 'css':
      return { parser: 'css', plugins: [await import('prettier/plugins/postcss')] }
    case 'html':
    case 'xml':
      return { parser: 'html', plugins: [await import('prettier/plugins/html')] }
    case 'plain':
      throw new Error('Plain text has no format.')
  }
}

/**
 * The text formatted with four-space indents. XML and SVG go through the HTML parser with
 * whitespace treated as insignificant, which lays tags out one per line (Prettier has no XML
 * parser of its own); a syntax error rejects with Prettier's message and position.
 */
export async function formatSource(text: string, language: EditorLanguage): Promise<string> {
  const [prettier, { parser, plugins }] = await Promise.all([
    import('prettier/standalone'),
    parserOf(language),
  ])
  return prettier.format(text, {
    parser,
    plugins,
    tabWidth: FORMAT_INDENT,
    useTabs: false,
    ...(language === 'xml' ? { htmlWhitespaceSensitivity: 'ignore' as const } : {}),
  })
}
