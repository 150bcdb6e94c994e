// The cluster's S3 store: an s3rver (an S3-protocol server) in a process of its own, so a drill can
// freeze it (SIGSTOP) and thaw it (SIGCONT): node s3-server.mjs DIRECTORY BUCKET. Sends { port }
// over IPC and exits when its parent goes away. (The idea of plugins/drive/test/s3-server.mjs.)
import { rm } from 'node:fs/promises'
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
})

// s3rver 3 lacks AbortMultipartUpload (DELETE /bucket/key?uploadId=...), which AWS S3, MinIO and
// Ceph RGW have: answer it as they do, dropping the upload's parts.
server.middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId
  const [, name] = ctx.path.split('/')
  if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || name !== bucket) return next()
  if (!/^[0-9a-f]+$/.test(uploadId)) return next()
  await rm(`${server.store.getResourcePath(bucket, undefined, 'uploads')}/${uploadId}`, {
    recursive: true,
    force: true,
  })
  ctx.status = 204
})

const { port } = await server.run()
process.send?.({ port })
process.on('disconnect', () => process.exit(0))
