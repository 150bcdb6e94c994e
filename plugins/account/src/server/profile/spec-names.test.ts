import { describe, expect, it } from 'vitest'
import {
  ADDRESS_SPEC_NAMES,
  CARD_SPEC_NAMES,
  checkCarriedId,
  toRecordNames,
  withSpecNames,
} from './spec-names.js'

/** Runs `run`, which must throw ERROR_INVALID_INPUT (400). */
function refused(run: () => unknown): void {
  let code: unknown
  try {
    run()
  } catch (error) {
    code = (error as { code?: unknown }).code
  }
  expect(code).toBe('ERROR_INVALID_INPUT')
}

describe("the specification's field names", () => {
  it('map to the kept names, leaving kept and shared names as they are', () => {
    expect(
      toRecordNames(
        { address1: '1 Main St', postalCode: 'N1', city: 'London', isResidential: true },
        ADDRESS_SPEC_NAMES,
      ),
    ).toEqual({ addr1: '1 Main St', zip: 'N1', city: 'London', isresidential: true })
    expect(toRecordNames({ name: 'Ada', default: false }, CARD_SPEC_NAMES)).toEqual({
      ccname: 'Ada',
      ccdefault: false,
    })
  })

  it('take a field under both names when both hold the same, and refuse a disagreement', () => {
    expect(toRecordNames({ zip: 'N1', postalCode: 'N1' }, ADDRESS_SPEC_NAMES)).toEqual({
      zip: 'N1',
    })
    refused(() => toRecordNames({ postalCode: 'N1', zip: 'N2' }, ADDRESS_SPEC_NAMES))
    refused(() => toRecordNames({ ccdefault: true, default: false }, CARD_SPEC_NAMES))
  })

  it('are added beside the kept names in an answer', () => {
    expect(
      withSpecNames({ addr1: 'A', zip: 'Z' }, { address1: 'addr1', postalCode: 'zip' }),
    ).toEqual({ addr1: 'A', zip: 'Z', address1: 'A', postalCode: 'Z' })
  })

  it("take a carried id only when it names the change's own line", () => {
    checkCarriedId('abc', undefined, 'id')
    checkCarriedId('abc', 'abc', 'id')
    checkCarriedId('new', '', 'id')
    checkCarriedId('new', 'new', 'id')
    refused(() => checkCarriedId('abc', 'abd', 'id'))
    refused(() => checkCarriedId('new', 'abc', 'internalid'))
  })
})
