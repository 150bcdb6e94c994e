import { fireEvent, screen } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { QueryError } from '@shopwright/client'

/**
 * The error view both insights screens share (README, ERROR_INSIGHTS_NOT_AVAILABLE): a read of
 * `url` refused (403) shows the error's title; once the read works, Try Again shows the screen,
 * found by the test id `shown`. `open` mounts the screen over the load it is given.
 */
export async function expectTryAgain<T>(
  url: string,
  answer: () => T,
  open: (load: () => Promise<T>) => void,
  shown: string,
): Promise<void> {
  let refused = true
  const load = vi.fn(() =>
    refused
      ? Promise.reject(new QueryError('ERROR_ACCESS_DENIED', { status: 403, url }))
      : Promise.resolve(answer()),
  )
  open(load)
  expect(await screen.findByText('Unable to View Insights.')).toBeTruthy()
  refused = false
  fireEvent.click(screen.getByTestId('retry'))
  expect(await screen.findByTestId(shown)).toBeTruthy()
}
