/**
 * What filling the login needs of a playwright-core Page; written out so this package need not
 * depend on playwright-core, which the browser suites and the bench bring themselves.
 */
export interface LoginPage {
  fill(selector: string, value: string): Promise<void>
  click(selector: string): Promise<void>
}

/**
 * Fills and sends the two-step login on `page` (the admin's or the storefront's: the same test ids
 * of admin-ui's LoginScreen): the e-mail, Next, the password, Sign in. The caller waits for where
 * it leads.
 */
export async function fillLogin(page: LoginPage, email: string, password: string): Promise<void> {
  await page.fill('[data-testid=login-email]', email)
  await page.click('[data-testid=login-next]')
  await page.fill('[data-testid=login-password]', password)
  await page.click('[data-testid=login-submit]')
}
