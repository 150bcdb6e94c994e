import { useMemo } from 'react'
import { useLanguage } from '@shopwright/admin-ui/kit'

/**
 * A country's name from its ISO 3166-1 alpha-2 code, in the admin's language ('GB' is "United
 * Kingdom" in English, "Royaume-Uni" in French); the code itself for one the browser does not know.
 */
export function useCountryName(): (code: string) => string {
  const { language } = useLanguage()
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' })
    return (code: string) => {
      try {
        return (code && names.of(code)) || code
      } catch {
        return code
      }
    }
  }, [language])
}
