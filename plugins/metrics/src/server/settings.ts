import { z, type SettingsOf } from '@shopwright/core'

/** The metrics plugin's one setting (README, "Configuration"). */
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
} as const

export type MetricsSettings = SettingsOf<typeof METRICS_SETTINGS>
