import { parentPort } from 'node:worker_threads'
import sanitizeHtml from 'sanitize-html'
import { OPTIONS } from './html-content.js'

/**
 * The worker thread of HtmlCleaner (html-cleaner.ts): cleans lists of rich texts with the same
 * sanitize-html options as the main thread, so an import's cleaning runs on another core while the
 * main thread writes. One message in, one out: `{ id, texts }`, or `{ id, error }`.
 */
parentPort?.on('message', (message: { id: number; texts: string[] }) => {
  try {
    parentPort!.postMessage({
      id: message.id,
      texts: message.texts.map((text) => sanitizeHtml(text, OPTIONS)),
    })
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: String(error) })
  }
})
