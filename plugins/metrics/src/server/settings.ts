import { wholeNumber, z, type SettingsOf } from '@shopwright/core'

/** The metrics plugin's settings (README, "Configuration"). */
export const METRICS_SETTINGS = {
  /**
   * The bearer token a Prometheus scrape of `GET /metrics` must send; without one `/metrics` is off
   * (404), nothing is measured and prom-client is never loaded (docs/operations.md, "Metrics").
   */
  metricsToken: {
    env: 'METRICS_TOKEN',
    secret: true,
    schema: z
      .string()
      .regex(
        /^[\x21-\x7e]{16,1024}$/,
        'must be 16 to 1024 visible ASCII characters without spaces (e.g. the output of `openssl rand -hex 32`)',
      )
      .optional(),
  },
  /**
   * Wrong tokens one client address may send to `/metrics` in 15 minutes; from then on it is
   * answered 429 ERROR_TOO_MANY_REQUESTS, even with the right token, until the 15 minutes end
   * (README, "Wrong tokens"). A scrape with the right token is never counted.
   */
  metricsFailureLimit: {
    env: 'METRICS_FAILURE_LIMIT',
    schema: wholeNumber(1, 10_000).default(10),
  },
} as const

export type MetricsSettings = SettingsOf<typeof METRICS_SETTINGS>
