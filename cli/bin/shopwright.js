#!/usr/bin/env node
// Thin launcher: the command lives in the built package so `npm start` needs no TypeScript at run time.
import { endQuietlyOnClosedPipe, main } from '../dist/index.js'

// `shopwright user list | head`: the reader leaving ends the command quietly.
endQuietlyOnClosedPipe(process.stdout)

main(process.argv).then(
  (code) => {
    if (typeof code === 'number') process.exitCode = code
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  },
)
