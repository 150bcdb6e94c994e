import { useLocale } from './locale.js'
import { useSite } from './site.js'

/** The header's /locale link: the currency symbol and the language. */
export function LocaleLink() {
  const site = useSite()
  const { locale } = useLocale()
  const symbol =
    site.currencies.find((currency) => currency.id === locale.currency)?.symbol ?? locale.currency
  return (
    <a className="sw-locale-link" href="/locale" data-testid="locale-link">
      {symbol} {locale.language.toUpperCase()}
    </a>
  )
}
