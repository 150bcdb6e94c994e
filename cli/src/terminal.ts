import { coloursFor, wantsColour, type Colours } from './colours.js'
import { ask, type AskOptions } from './prompt.js'

/**
 * What a command reads and writes besides the site: its answer on stdout, and questions for a
 * person when there is one. Commands take it as a parameter so tests can stand in for a terminal.
 */
export interface Terminal {
  /** One line of the command's answer, on stdout. */
  print(line: string): void
  /** stdout is a terminal: tables and colour for a person, plain tab-separated lines for a program. */
  readonly table: boolean
  /** Styles for stdout: plain text unless it shows them. */
  readonly colours: Colours
  /** stdin is a terminal: a person may be asked a question. */
  readonly interactive: boolean
  ask(question: string, options?: AskOptions): Promise<string>
}

/** The process's own terminal. */
export function processTerminal(): Terminal {
  return {
    print: (line) => {
      process.stdout.write(`${line}\n`)
    },
    table: process.stdout.isTTY === true,
    colours: coloursFor(wantsColour(process.stdout)),
    interactive: process.stdin.isTTY === true,
    ask: (question, options) => ask(question, options),
  }
}
