let argon2Loading: Promise<typeof import('@node-rs/argon2')> | undefined

/** argon2 (a native addon) comes in with the first password hashed or checked, not at start. */
function argon2(): Promise<typeof import('@node-rs/argon2')> {
  argon2Loading ??= import('@node-rs/argon2')
  return argon2Loading
}

/** `Algorithm.Argon2id`; the package ships it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * An argon2id hash of a random password nobody kept, with the same cost as real hashes. A sign-in
 * for an e-mail without credentials is verified against it, so it takes as long as a wrong password
 * and the answer time says nothing about whether the account exists.
 */
export const NO_ACCOUNT_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$3C9TndNM1xwo7IzDbQuQGA$gbqVQTt10qcGqcl/jphnlJ+KM17XhVFVHSSr0n4jSHE'

/**
 * The stored hash of an account nobody has chosen a password for yet (made by staff in the admin,
 * by an import, or by the command line before its password is set): no password matches it. The
 * owner sets one through Forgot Password.
 */
export const NO_PASSWORD = '!'

/** Hashes a password with argon2id; the result carries its own salt and parameters. */
export async function hashPassword(password: string): Promise<string> {
  const { hash } = await argon2()
  return hash(password, OPTIONS)
}

/**
 * True when the password matches the stored hash. An account without a password is checked against
 * the dummy hash, so the answer takes as long as for any wrong password.
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  // Loaded outside the try below: a library that cannot load is an error, not a wrong password.
  const { verify } = await argon2()
  if (storedHash === NO_PASSWORD) {
    await verify(NO_ACCOUNT_HASH, password).catch(() => false)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
