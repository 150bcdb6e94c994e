/**
 * Reading the site's answers in the cluster suites: which node answered, the error code, a short
 * account for failure messages, the JSON of an answer that must succeed, and the same GET asked of
 * both nodes.
 */
import type { Answer, Client } from './harness/index.js'
import { sleep } from './waits.js'

/** The node that answered (the proxy's `x-cluster-node`); -1 when no node did. */
export function nodeOf(answer: Answer): number {
  return answer.node ?? -1
}

/** The code of an error answer: `message` of a JSON body, else `data-code` of an HTML page. */
export function codeOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { message?: unknown }
    return typeof parsed.message === 'string' ? parsed.message : undefined
  } catch {
    return /data-code="([A-Z_]+)"/.exec(text)?.[1]
  }
}

/** A short account of an answer for failure messages: status, node and the body's start. */
export function explain(answer: Answer): string {
  return `${answer.status} from node ${String(answer.node)}: ${answer.text.slice(0, 600)}`
}

/** The JSON of an answer that must be 200 (anything else throws, saying what came back). */
export async function ok<T>(pending: Promise<Answer>, what = 'call'): Promise<T> {
  const answer = await pending
  if (answer.status !== 200) throw new Error(`${what} answered ${explain(answer)}`)
  return answer.json<T>()
}

/**
 * Asks both nodes the same GET at the same moment until they answer alike, at most `attempts`
 * times, `pauseMs` apart: figures that move on their own (a sample, a count) may land between two
 * asks, but an answer that depends on which node is asked differs every time, and fails with both
 * answers. Answers the agreed answer and how many attempts failed before it.
 */
export async function sameOnBothNodes<T>(
  pinned: readonly [Client, Client],
  url: string,
  { attempts = 5, pauseMs = 300 } = {},
): Promise<{ answer: T; retries: number }> {
  let last: [T, T] | undefined
  for (let retries = 0; retries < attempts; retries++) {
    const [first, second] = await Promise.all(
      pinned.map((client, node) => ok<T>(client.get(url), `GET ${url} on node ${node}`)),
    )
    if (JSON.stringify(first) === JSON.stringify(second)) return { answer: first!, retries }
    last = [first!, second!]
    await sleep(pauseMs)
  }
  throw new Error(
    `GET ${url} answered differently on the two nodes ${attempts} times; the last answers:\n` +
      `node 0: ${JSON.stringify(last![0]).slice(0, 4000)}\nnode 1: ${JSON.stringify(last![1]).slice(0, 4000)}`,
  )
}
