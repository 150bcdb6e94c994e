import { useEffect, useState } from 'react'
import { Button, Dialog, displayBytes, useT } from '@shopwright/admin-ui/kit'
import type { DriveEntry } from '../shared/index.js'
import type { DriveApi } from './drive-api.js'
import { fileKind } from './file-kinds.js'

export interface FilePreviewProps {
  api: DriveApi
  /** The folder's previewable files, in the listing's order: Previous and Next go through them. */
  files: readonly DriveEntry[]
  start: number
  close(): void
  /** Opens the file's own page (rename, delete, download). */
  open(entry: DriveEntry): void
}

/**
 * A file shown large over its folder: an image at its own size (fitted to the window) with its
 * name, size and dimensions, or a PDF in the browser's viewer (a frame of the file's `load`
 * address: served with its own type, and PDFs are among the types the drive serves inline,
 * src/server/content-types.ts). Previous and Next, or the arrow keys, go through the folder.
 */
export function FilePreview({ api, files, start, close, open }: FilePreviewProps) {
  const t = useT()
  const [at, setAt] = useState(start)
  const [size, setSize] = useState<{ path: string; width: number; height: number } | null>(null)
  const entry = files[at]!
  const image = fileKind(entry.name) === 'image'
  const go = (step: number) => setAt((index) => (index + step + files.length) % files.length)

  useEffect(() => {
    if (files.length < 2) return
    const onKey = (event: KeyboardEvent) => {
      // Keys pressed inside a PDF's frame are the viewer's: they never reach this window.
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
      event.preventDefault()
      setAt((index) => (index + (event.key === 'ArrowLeft' ? -1 : 1) + files.length) % files.length)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [files.length])

  const facts = [displayBytes(entry.size, t)]
  if (image && size?.path === entry.path) facts.push(t('{0} × {1} px', size.width, size.height))
  if (files.length > 1) facts.push(t('{0} of {1}', at + 1, files.length))
  const source = api.loadUrl(entry.path, entry.modified)
  return (
    <Dialog title={entry.name} onClose={close}>
      <div className="drive-preview" data-testid="preview">
        <div className="drive-preview-stage">
          {image ? (
            <img
              key={entry.path}
              src={source}
              alt={entry.name}
              data-testid="preview-image"
              onLoad={(event) =>
                setSize({
                  path: entry.path,
                  width: event.currentTarget.naturalWidth,
                  height: event.currentTarget.naturalHeight,
                })
              }
            />
          ) : (
            <iframe key={entry.path} src={source} title={entry.name} data-testid="preview-pdf" />
          )}
        </div>
        <p className="drive-preview-facts" aria-live="polite" data-testid="preview-facts">
          {facts.join(' · ')}
        </p>
        <div className="drive-preview-nav">
          <Button
            icon="chevron-left"
            disabled={files.length < 2}
            onClick={() => go(-1)}
            data-testid="preview-previous"
          >
            {t('Previous')}
          </Button>
          <Button icon="file" onClick={() => open(entry)} data-testid="preview-open">
            {t('Open')}
          </Button>
          <Button
            icon="chevron-right"
            disabled={files.length < 2}
            onClick={() => go(1)}
            data-testid="preview-next"
          >
            {t('Next')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
