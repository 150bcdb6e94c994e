/**
 * A new default card as a profile update takes it (`creditcards: { new: savedCard(…) }`): a Visa
 * test number that passes the Luhn check, expiring in three years, so it stays valid whenever the
 * tests run (README, "Profile").
 */
export function savedCard(ccname: string) {
  return {
    ccnumber: '4111 1111 1111 1111',
    ccname,
    ccexpiredate: `12/${new Date().getUTCFullYear() + 3}`,
    paymentmethod: 'visa',
    ccdefault: true,
  }
}
