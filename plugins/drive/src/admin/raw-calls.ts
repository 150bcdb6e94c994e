import { QueryError, type QueryClient } from '@shopwright/client'

/**
 * The two drive calls the `/query` client cannot make as the screens need them: an upload that
 * reports its progress (fetch has no upload progress; XMLHttpRequest does), and a file's bytes read
 * as they are (the client reads any text that starts with `{` as a possible error answer, and a
 * JSON file may well hold `{"ok": false}`).
 */

/** The error an answer that is not a success stands for: the server's code when it sent one. */
export function failureOf(status: number, body: string, url: string): QueryError {
  try {
    const answer = JSON.parse(body) as { ok?: unknown; message?: unknown; reason?: unknown }
    if (answer.ok === false && typeof answer.message === 'string' && answer.message)
      return new QueryError(answer.message, {
        status,
        url,
        reason: typeof answer.reason === 'string' ? answer.reason : undefined,
      })
  } catch {
    // Not JSON: a proxy's page or an empty body; said below.
  }
  // 413 from a proxy in front of the server has no JSON body, but the meaning is plain.
  if (status === 413) return new QueryError('ERROR_BODY_TOO_LARGE', { status, url })
  return new QueryError(status === 0 ? 'ERROR_DATA_CONNECTION' : 'ERROR_JSON_FORMAT', {
    status,
    url,
    reason: status === 0 ? 'No answer arrived.' : `HTTP ${status}`,
  })
}

/** Sends one file as the raw body of a POST, calling `progress` with the bytes sent so far. */
export function sendFile<T>(
  client: QueryClient,
  url: string,
  file: Blob,
  progress: (sent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('Device', client.device)
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream')
    request.upload.onprogress = (event) => progress(event.loaded)
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          progress(file.size)
          resolve(JSON.parse(request.responseText) as T)
        } catch {
          reject(failureOf(request.status, request.responseText, url))
        }
      } else reject(failureOf(request.status, request.responseText, url))
    }
    request.onerror = () => reject(failureOf(0, '', url))
    request.send(file)
  })
}

/** A file's contents as text, exactly as stored. */
export async function readText(client: QueryClient, url: string): Promise<string> {
  let answer: Response
  try {
    // Public files are cacheable for a long time; the editor must see the stored text, so it
    // revalidates (a 304 when the ETag still matches).
    answer = await fetch(url, {
      headers: { Device: client.device },
      credentials: 'same-origin',
      cache: 'no-cache',
    })
  } catch (error) {
    throw new QueryError('ERROR_DATA_CONNECTION', { status: 0, url, cause: error })
  }
  const body = await answer.text()
  if (!answer.ok) throw failureOf(answer.status, body, url)
  return body
}
