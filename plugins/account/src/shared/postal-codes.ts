/**
 * Postal code formats by country (ISO 3166-1 alpha-2, as the country records' ids), for the
 * countries whose format is fixed and well known. A country not listed takes any code: a wrong
 * refusal would stop a real shopper, so the list only holds formats that leave no doubt.
 */
const FORMATS: Readonly<Record<string, RegExp>> = {
  at: /^\d{4}$/,
  au: /^\d{4}$/,
  be: /^\d{4}$/,
  br: /^\d{5}-?\d{3}$/,
  ca: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
  ch: /^\d{4}$/,
  cn: /^\d{6}$/,
  de: /^\d{5}$/,
  dk: /^\d{4}$/,
  es: /^\d{5}$/,
  fi: /^\d{5}$/,
  fr: /^\d{5}$/,
  gb: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  in: /^\d{6}$/,
  it: /^\d{5}$/,
  jp: /^\d{3}-?\d{4}$/,
  mx: /^\d{5}$/,
  nl: /^\d{4} ?[A-Z]{2}$/,
  no: /^\d{4}$/,
  nz: /^\d{4}$/,
  pl: /^\d{2}-\d{3}$/,
  pt: /^\d{4}-\d{3}$/,
  se: /^\d{3} ?\d{2}$/,
  us: /^\d{5}(-\d{4})?$/,
}

/** True when the code fits the country's format (any code for a country without a fixed one). */
export function postalCodeFits(country: string, zip: string): boolean {
  const format = FORMATS[country.trim().toLowerCase()]
  return !format || format.test(zip.trim().toUpperCase())
}
