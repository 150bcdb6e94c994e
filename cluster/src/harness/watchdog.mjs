// Kills the cluster's processes when the process that started them dies without cleaning up (a
// test worker killed with SIGKILL runs no exit handler): the parent sends { pid } and { folder }
// messages over IPC; when the channel closes, every pid still listed gets SIGKILL and every folder
// is removed.
import fs from 'node:fs'

const pids = new Set()
const folders = new Set()

process.on('message', (message) => {
  if (typeof message.pid === 'number') pids.add(message.pid)
  if (typeof message.forget === 'number') pids.delete(message.forget)
  if (typeof message.folder === 'string') folders.add(message.folder)
  if (typeof message.forgetFolder === 'string') folders.delete(message.forgetFolder)
})

process.on('disconnect', () => {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone already
    }
  }
  // Give the kernel a moment to reap them before their files go.
  setTimeout(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
    process.exit(0)
  }, 500)
})
