import { ConfigError, type ShopwrightConfig } from '@shopwright/core'
import type { AccountSettings } from './settings.js'

/**
 * The public address e-mail links start with: SITE_URL. Without it, `http://localhost:<PORT>`,
 * which suits a developer reading the outbox; a production site that sends real e-mail must set it,
 * so start-up stops with a clear message instead (docs/security.md, "Reset links").
 */
export function siteOrigin(
  config: Pick<ShopwrightConfig, 'siteUrl' | 'nodeEnv' | 'port'> & Pick<AccountSettings, 'smtpUrl'>,
): string {
  if (config.siteUrl) return config.siteUrl
  if (config.smtpUrl && config.nodeEnv === 'production')
    throw new ConfigError(
      'SITE_URL',
      'must be set when SMTP_URL is: e-mailed links need the site’s public address, like https://shop.example.com',
    )
  return `http://localhost:${config.port}`
}
