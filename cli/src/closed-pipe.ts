/**
 * Ends the process quietly when the reader of `stream` goes away (`shopwright user list | head`):
 * writing to a closed pipe fails with EPIPE, which Node otherwise throws as an unhandled stream
 * error with its stack. Exit code 0, as `head` asked for no more (a C program would die of SIGPIPE
 * silently). Any other error of the stream is said in one line, exit code 1.
 */
export function endQuietlyOnClosedPipe(
  stream: NodeJS.WriteStream,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return exit(0)
    process.stderr.write(`shopwright: cannot write the output: ${error.message}\n`)
    exit(1)
  })
}
