import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import type { Kernel, ShopwrightConfig } from '@shopwright/core'
import { bootTestKernel, inject, type DatabaseUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import {
  accountSuite,
  callAs,
  signInPeople,
  type TestPerson,
} from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import drive, { type DriveFile } from '../src/index.js'
import { startS3Server, type S3TestServer } from './helpers.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/** The callers the suites sign in, with their roles (rights from the sample company's records). */
export const PEOPLE = {
  admin: { roles: ['administrator'] },
  manager: { roles: ['allmanagers'] },
  other: { roles: ['allmanagers'] },
  developer: { roles: ['development'] },
  marketer: { roles: ['marketing'] },
  customer: { type: 'customer', roles: [] },
} as const satisfies Record<string, TestPerson>
export type Person = keyof typeof PEOPLE

export type StoreKind = 'local' | 's3'

/** The settings that put the drive on an S3 test server. */
export function s3Settings(server: S3TestServer): Record<string, unknown> {
  return {
    driveStorage: 's3',
    driveS3Endpoint: server.endpoint,
    driveS3Bucket: server.bucket,
    driveS3AccessKeyId: 'S3RVER',
    driveS3SecretAccessKey: 'S3RVER',
    driveS3ForcePathStyle: true,
  }
}

/**
 * A kernel with records, account and drive on a fresh database and the chosen store, seeded like a
 * new site, with a signed-in cookie per person and each person's account id.
 */
export async function bootDrive(
  database: DatabaseUnderTest,
  store: StoreKind,
  overrides: Partial<ShopwrightConfig> = {},
) {
  const directory = await mkdtemp(path.join(tmpdir(), 'drive-calls-'))
  const server =
    store === 's3' ? await startS3Server(path.join(directory, 's3'), 'drive-calls') : null
  const settings = { ...(server ? s3Settings(server) : {}), ...(overrides.settings ?? {}) }
  const booted = await bootTestKernel(database, [records, account, drive], {
    ...overrides,
    settings,
  })
  const { kernel } = booted
  await kernel.seed(allSeeds())
  const signedIn = await signInPeople(kernel, PEOPLE)
  const cookies = {} as Record<Person, string>
  const ids = {} as Record<Person, string>
  for (const name of Object.keys(PEOPLE) as Person[]) {
    cookies[name] = signedIn[name].cookie
    ids[name] = `${signedIn[name].type}~${signedIn[name].id}`
  }
  return {
    kernel,
    url: booted.url,
    cookies,
    /** `personal/{type}~{id}` names per person. */
    personal: ids,
    server,
    async close() {
      await booted.close()
      await server?.stop()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** A call as a person (or anonymous): JSON or a raw body, with extra headers. */
export const call = callAs

/** Uploads `body` to the drive `path` with the session `cookie`; expects 200, answers the entry. */
export async function uploadAs(
  kernel: Kernel,
  cookie: string,
  path: string,
  body: string | Buffer,
  replace = false,
): Promise<DriveFile> {
  const reply = await call(kernel, cookie, {
    method: 'POST',
    url: `/query/drive/upload/${path}${replace ? '?replace=true' : ''}`,
    payload: Buffer.from(body),
    headers: { 'content-type': 'application/octet-stream' },
  })
  expect(reply.statusCode, reply.body).toBe(200)
  return reply.json<DriveFile>()
}

/**
 * The drive's `describePlugin` suites: records, account and drive on a fresh database, seeded like
 * a new site, with each person signed in. The store is the suite's `config.settings`.
 */
export const DRIVE_SUITE = accountSuite([records, account, drive], PEOPLE, { seeds: allSeeds })
