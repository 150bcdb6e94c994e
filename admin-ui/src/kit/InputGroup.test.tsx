// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { InputGroup } from './InputGroup.js'

afterEach(cleanup)

describe('InputGroup', () => {
  it('shows the first error of its inputs, translated', () => {
    render(
      <InputGroup
        label="Address"
        errors={[null, 'ERROR_INPUT_VALUE_REQUIRED', 'ERROR_SELECT_VALUE_REQUIRED']}
      >
        <input aria-label="City" />
      </InputGroup>,
    )
    expect(screen.getByTestId('group-error').textContent).toBe('A value is required.')
    expect(screen.getByRole('alert')).toBeTruthy()
    expect(screen.getByText('Address')).toBeTruthy()
  })

  it('shows nothing while every input is fine', () => {
    render(
      <InputGroup errors={[null, undefined, '']}>
        <input aria-label="City" />
      </InputGroup>,
    )
    expect(screen.getByTestId('group-error').textContent).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
