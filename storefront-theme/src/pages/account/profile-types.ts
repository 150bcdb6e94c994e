/** An address line of the profile (spec 000 section 3). */
export interface AddressLine {
  id: string
  addressee: string
  addr1: string
  addr2: string
  city: string
  state: string
  country: string
  zip: string
  addrphone: string
  defaultbilling: boolean
  defaultshipping: boolean
  isresidential: boolean
}

/** A saved card as the profile answers it: no token, the number masked. */
export interface CardLine {
  internalid: string
  ccname: string
  ccexpiredate: string
  paymentmethod: string
  last4: string
  brand: string
  ccnumber: string
  ccdefault: boolean
}

/** `/query/ns/profile/get`'s answer. */
export interface ProfileAnswer {
  firstname: string
  lastname: string
  email: string
  addressbook: AddressLine[]
  creditcards: CardLine[]
}
