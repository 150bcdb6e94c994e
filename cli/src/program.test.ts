import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { coloursFor } from './colours.js'
import { shopwrightProgram } from './program.js'
import type { Terminal } from './terminal.js'

const terminal: Terminal = {
  print: () => undefined,
  table: false,
  colours: coloursFor(false),
  interactive: false,
  ask: () => Promise.reject(new Error('no questions here')),
}

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)]
}

describe('the shopwright program', () => {
  it('describes every command and every option, for --help', () => {
    const commands = everyCommand(shopwrightProgram(terminal, coloursFor(false), () => undefined))
    expect(commands.map((command) => command.name())).toEqual(
      expect.arrayContaining([
        'start',
        'migrate',
        'seed',
        'user',
        'add',
        'list',
        'password',
        'roles',
        'remove',
      ]),
    )
    for (const command of commands) {
      expect(command.description(), command.name()).not.toBe('')
      for (const option of command.options)
        expect(option.description, `${command.name()} ${option.flags}`).not.toBe('')
    }
  })
})
