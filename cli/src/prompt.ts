import readline from 'node:readline'
import { Writable } from 'node:stream'

export interface AskOptions {
  /** Typed characters are not shown: for a password. */
  hidden?: boolean
}

export interface PromptStreams {
  input: NodeJS.ReadableStream
  /** Where the question goes: stderr, so an answer on stdout stays clean when it is redirected. */
  output: NodeJS.WritableStream
}

/** Thrown when the person at the terminal stops a question (Ctrl+C or Ctrl+D): nothing is done. */
export class Cancelled extends Error {
  override readonly name = 'Cancelled'
  constructor() {
    super('Cancelled: nothing was changed.')
  }
}

/**
 * Asks one question on the terminal and answers the line typed. For a hidden answer readline runs
 * in terminal mode (raw input, so the terminal itself echoes nothing) and its own echo goes to an
 * output muted once the question is shown.
 */
export function ask(
  question: string,
  options: AskOptions = {},
  streams: PromptStreams = { input: process.stdin, output: process.stderr },
): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) streams.output.write(chunk)
      done()
    },
  })
  const lines = readline.createInterface({ input: streams.input, output, terminal: true })
  return new Promise<string>((resolve, reject) => {
    let answered = false
    const stop = (): void => {
      if (answered) return
      answered = true
      lines.close()
      // The muted Enter (or the interrupted line) left the cursor after the question.
      if (options.hidden) streams.output.write('\n')
      reject(new Cancelled())
    }
    // In raw mode Ctrl+C reaches readline, not the process: without a listener it only pauses.
    lines.on('SIGINT', stop)
    lines.on('close', stop)
    lines.question(question, (answer) => {
      answered = true
      lines.close()
      if (options.hidden) streams.output.write('\n')
      resolve(answer)
    })
    muted = options.hidden === true
  })
}

/** True when the answer to a yes/no question is yes; anything else (Enter too) is no. */
export function isYes(answer: string): boolean {
  return /^\s*y(es)?\s*$/i.test(answer)
}
