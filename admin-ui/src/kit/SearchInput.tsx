import type { InputHTMLAttributes } from 'react'

export interface SearchInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className' | 'placeholder' | 'value' | 'onChange'
> {
  /** Shown in the empty box and read out as its name: the caller translates it. */
  label: string
  value: string
  /** Called with the text on each change. */
  onSearch(text: string): void
}

/** A search box named by the words it shows when empty (a picker's or a list's filter). */
export function SearchInput({ label, value, onSearch, ...rest }: SearchInputProps) {
  return (
    <input
      {...rest}
      type="search"
      className="sw-input"
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
    />
  )
}
