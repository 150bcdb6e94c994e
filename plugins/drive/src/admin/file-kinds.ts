import { extensionOf } from './paths.js'

/** How the file view shows a file: in the editor, as an image, in a PDF frame, or not at all. */
export type FileKind = 'text' | 'image' | 'pdf' | 'other'

/** The languages the editor highlights (css, html, svg as xml, xml, js, json); others are plain. */
export type EditorLanguage = 'css' | 'html' | 'xml' | 'javascript' | 'json' | 'plain'

const LANGUAGES: Readonly<Record<string, EditorLanguage>> = {
  css: 'css',
  html: 'html',
  htm: 'html',
  svg: 'xml',
  xml: 'xml',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  geojson: 'json',
  webmanifest: 'json',
}

/** Text the editor opens without highlighting: csv and the other plain formats. */
const PLAIN = new Set(['txt', 'csv', 'tsv', 'md', 'markdown', 'log', 'ini', 'yml', 'yaml', 'ts'])
/** Images a browser shows (svg is text first: it opens in the editor). */
const IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'apng', 'webp', 'avif', 'bmp', 'ico'])

/** What the file view does with a file of this name. */
export function fileKind(name: string): FileKind {
  const extension = extensionOf(name)
  if (Object.hasOwn(LANGUAGES, extension) || PLAIN.has(extension)) return 'text'
  if (IMAGES.has(extension)) return 'image'
  return extension === 'pdf' ? 'pdf' : 'other'
}

/** The editor's language for a name: highlighting for the spec's formats, plain for other text. */
export function editorLanguage(name: string): EditorLanguage {
  const extension = extensionOf(name)
  return Object.hasOwn(LANGUAGES, extension) ? LANGUAGES[extension]! : 'plain'
}

/** The kit's icon for an entry of a listing: a folder, or the file-type icon of its extension. */
export function entryIcon(entry: { name: string; type: 'file' | 'folder' }): string {
  if (entry.type === 'folder') return 'folder'
  const extension = extensionOf(entry.name)
  if (extension === 'pdf') return 'file-pdf-box'
  if (IMAGES.has(extension) || extension === 'svg') return 'file-image'
  if (Object.hasOwn(LANGUAGES, extension)) return 'file-code'
  if (PLAIN.has(extension)) return 'file-document'
  return 'file'
}
